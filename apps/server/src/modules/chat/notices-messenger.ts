import { disabledMessenger, type NoticeMessenger } from '../../kernel/notify-by-method';

/** One offline notification as its recipient reads it; every field is ready-made text. */
export interface ChatNotice {
  /** The recipient's name. */
  name: string;
  /** Who wrote the newest unread message. */
  senderName: string;
  /** How many messages they have not read, in Arabic words ("٣ رسائل"). */
  unread: string;
  /** The start of the newest unread message. */
  excerpt: string;
  /** The room in the web app. */
  roomUrl: string;
}

/**
 * How chat notifications reach people: e-mail, the WhatsApp `chat_unread` template, or a
 * Telegram chat the user linked. Each rejects with MessagingError as lesson reminders' sends do
 * (src/kernel/notify-by-method.ts). The server wires the real adapters (simulated locally).
 */
export type ChatNoticeMessenger = NoticeMessenger<ChatNotice>;

/** "رسالة واحدة", "رسالتان", "٣ رسائل", "١١ رسالة" (Arabic counting, Egyptian digits). */
export function arabicMessageCount(count: number): string {
  if (count === 1) return 'رسالة واحدة';
  if (count === 2) return 'رسالتان';
  const digits = count.toLocaleString('ar-EG');
  return count >= 3 && count <= 10 ? `${digits} رسائل` : `${digits} رسالة`;
}

/** The Telegram (and plain) text; Telegram makes the link clickable itself. */
export function chatNoticeText(notice: ChatNotice): string {
  return [
    `مرحبًا ${notice.name}،`,
    `لديك ${notice.unread} لم تقرأها بعد من ${notice.senderName} على طلاقة. آخرها: «${notice.excerpt}»`,
    `للرد افتح المحادثة: ${notice.roomUrl}`,
  ].join('\n');
}

/** Stands in when the server was built without channels: every send fails (retried). */
export const disabledChatNoticeMessenger = disabledMessenger<ChatNotice>('Chat notifications');

declare module 'fastify' {
  interface FastifyInstance {
    chatNotices: ChatNoticeMessenger;
  }
}
