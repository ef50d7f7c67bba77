/**
 * Offline notifications (issue 18 item 7; docs/decisions/271-chat-offline-notifications.md).
 * The statement that stores a message schedules one job per other member, keyed by (room,
 * member), a quiet period later; more messages meanwhile find it pending and leave it (the first
 * message sets the time). When it runs it sends one notice through the member's notification
 * method unless they are online, have read everything it would announce, or muted the room.
 */
import { z } from 'zod';
import type { Database } from '../../db';
import type { JobLog, KeyedJobRequest } from '../../jobs';
import { notifyByMethod } from '../../kernel/notify-by-method';
import type { NoticeChannel } from '../../kernel/notify-by-method';
import { linkedChatId } from '../telegram';
import type { ChatNotice, ChatNoticeMessenger } from './notices-messenger';
import { arabicMessageCount } from './notices-messenger';
import { markNotified, noticeMember, unreadSummary } from './repo';

export const CHAT_NOTICE_JOB = 'chat.notify-offline';

/** How long a member has to read a message before they are notified of it. */
export const CHAT_NOTICE_QUIET_MS = 2 * 60_000;

/** Characters of the newest message a notice quotes. */
const EXCERPT_LENGTH = 80;

const noticePayloadSchema = z.object({
  roomId: z.number().int().positive(),
  userId: z.number().int().positive(),
});

/** Who may be told of a room's new messages: its other members who have not muted it. */
export interface NoticeRecipients {
  roomId: number;
  recipientIds: readonly number[];
}

/**
 * The notice jobs of new messages: one per other member of each room, keyed by (room, member),
 * a quiet period from now unless one is pending (the first message of a burst sets the time).
 */
export function chatNoticeJobs(rooms: readonly NoticeRecipients[]): KeyedJobRequest[] {
  const keyed = new Map<string, KeyedJobRequest>();
  for (const { roomId, recipientIds } of rooms) {
    for (const userId of recipientIds) {
      const key = `${String(roomId)}:${String(userId)}`;
      keyed.set(key, {
        kind: CHAT_NOTICE_JOB,
        key,
        afterMs: CHAT_NOTICE_QUIET_MS,
        payload: { roomId, userId },
      });
    }
  }
  return [...keyed.values()];
}

export interface NoticeDeps {
  db: Database;
  messenger: ChatNoticeMessenger;
  webOrigin: string;
  /** On how many devices the user is online now, on any instance. */
  devicesOf(userId: number): Promise<number>;
  log: JobLog;
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= EXCERPT_LENGTH ? flat : `${chars.slice(0, EXCERPT_LENGTH).join('')}…`;
}

/**
 * The job. Nothing when the member left, muted the room, has no unread message newer than the
 * last notice, or is online (they see the room's badge there); else one notice, and the newest
 * message it announced is recorded, so a run again (at least once) or a later job sends nothing
 * for the same messages.
 */
export async function sendChatNotice(
  deps: NoticeDeps,
  payload: unknown,
): Promise<NoticeChannel | undefined> {
  const { roomId, userId } = noticePayloadSchema.parse(payload);
  const member = await noticeMember(deps.db, roomId, userId);
  if (!member || member.muted) return undefined;
  const { count, latest } = await unreadSummary(deps.db, roomId, userId, member.lastReadSeq);
  if (!latest || latest.seq <= member.notifiedSeq) return undefined;
  if ((await deps.devicesOf(userId)) > 0) return undefined;
  const notice: ChatNotice = {
    name: member.recipient.name,
    senderName: latest.senderName,
    unread: arabicMessageCount(count),
    excerpt: excerptOf(latest.text),
    roomUrl: new URL(`/chat?room=${String(roomId)}`, deps.webOrigin).href,
  };
  const { messenger } = deps;
  const channel = await notifyByMethod(
    member.recipient,
    {
      configured: messenger.channels,
      async whatsapp(phone) {
        await messenger.whatsapp(phone, notice);
      },
      telegramChatOf: (phone) => linkedChatId(deps.db, userId, phone),
      telegram: (chatId) => messenger.telegram(chatId, notice),
      email: (address) => messenger.email(address, notice),
    },
    deps.log,
    'chat notice',
  );
  if (channel) await markNotified(deps.db, roomId, userId, latest.seq);
  return channel;
}
