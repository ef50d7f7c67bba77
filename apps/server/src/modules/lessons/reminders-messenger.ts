import { disabledMessenger, type NoticeMessenger } from '../../kernel/notify-by-method';

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
export type LessonReminderMessenger = NoticeMessenger<LessonReminderMessage>;

/** The Telegram (and plain) text of a reminder; Telegram makes the link clickable itself. */
export function lessonReminderText(message: LessonReminderMessage): string {
  return [
    `مرحبًا ${message.name}،`,
    `تذكير من طلاقة: درسك في الإنجليزية مع ${message.otherName} ${message.when}، ${message.start} بتوقيت القاهرة، ومدته ${message.duration}.`,
    `صفحة الدرس: ${message.lessonUrl}`,
  ].join('\n');
}

/** Stands in when the server was built without channels: every send fails (retried). */
export const disabledReminderMessenger =
  disabledMessenger<LessonReminderMessage>('Lesson reminders');

declare module 'fastify' {
  interface FastifyInstance {
    lessonReminders: LessonReminderMessenger;
  }
}
