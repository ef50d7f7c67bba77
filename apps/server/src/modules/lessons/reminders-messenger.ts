import { MessagingError } from '../../integrations/messaging';

/** One lesson reminder as its recipient reads it; every field is ready-made Arabic text. */
export interface LessonReminderMessage {
  /** The recipient's name. */
  name: string;
  /** The other side of the lesson: the tutor for the student, the student for the tutor. */
  otherName: string;
  /** "غدًا" or "بعد ساعة". */
  when: string;
  /** The start on the Cairo clock, in words. */
  start: string;
  /** The length, in words. */
  duration: string;
  /** The lesson's page in the web app. */
  lessonUrl: string;
}

/**
 * How lesson reminders reach people: e-mail, the WhatsApp reminder template, or a Telegram chat
 * the user linked. Each rejects with MessagingError: `unresolved-phone` / `invalid-phone` when
 * that person cannot be reached there (the caller falls back to e-mail), `unavailable` when the
 * provider failed (the job retries). The server wires the real adapters (simulated locally).
 */
export interface LessonReminderMessenger {
  /** Which phone channels are configured at all. */
  channels: { whatsapp: boolean; telegram: boolean };
  email(to: string, message: LessonReminderMessage): Promise<void>;
  /** Answers the message id: WhatsApp reports later, by webhook, whether it arrived. */
  whatsapp(phoneE164: string, message: LessonReminderMessage): Promise<{ messageId: string }>;
  telegram(chatId: number, message: LessonReminderMessage): Promise<void>;
}

/** The Telegram (and plain) text of a reminder; Telegram makes the link clickable itself. */
export function lessonReminderText(message: LessonReminderMessage): string {
  return [
    `مرحبًا ${message.name}،`,
    `تذكير من طلاقة: درسك في الإنجليزية مع ${message.otherName} ${message.when}، ${message.start} بتوقيت القاهرة، ومدته ${message.duration}.`,
    `صفحة الدرس: ${message.lessonUrl}`,
  ].join('\n');
}

const off = (): Promise<never> =>
  Promise.reject(new MessagingError('unavailable', 'Lesson reminders are not configured'));

/** Stands in when the server was built without reminder channels: every send fails (retried). */
export const disabledReminderMessenger: LessonReminderMessenger = {
  channels: { whatsapp: false, telegram: false },
  email: off,
  whatsapp: off,
  telegram: off,
};

declare module 'fastify' {
  interface FastifyInstance {
    lessonReminders: LessonReminderMessenger;
  }
}
