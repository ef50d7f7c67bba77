/**
 * Offline notifications (issue 18 item 7; docs/decisions/271-chat-offline-notifications.md).
 * The statement that stores a message schedules one job per other member, keyed by (room,
 * member), a quiet period later; more messages meanwhile find it pending and leave it (the first
 * message sets the time). When it runs it sends one notice through the member's notification
 * method unless they are online, have read everything it would announce, or muted the room. A
 * WhatsApp notice the status webhook later reports `failed` goes again by e-mail, once
 * (CHAT_NOTICE_FALLBACK_JOB; docs/decisions/276-chat-notice-whatsapp-fallback.md).
 */
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { JobLog } from '../../jobs';
import { notifyByMethod } from '../../kernel/notify-by-method';
import type { NoticeChannel } from '../../kernel/notify-by-method';
import { linkedChatId } from '../telegram';
import { findWhatsAppMessage, recordAcceptedMessage } from '../whatsapp';
import type { ChatNotice, ChatNoticeMessenger } from './notices-messenger';
import { arabicMessageCount } from './notices-messenger';
import { markNotified, noticeMember, unreadSummary } from './repo';
import type { NoticeMember } from './repo';

/** Characters of the newest message a notice quotes. */
const EXCERPT_LENGTH = 80;

const noticePayloadSchema = z.object({
  roomId: z.number().int().positive(),
  userId: z.number().int().positive(),
});

export interface NoticeDeps extends Pick<ServiceContext, 'db' | 'clock'> {
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

/** The notice of the member's unread messages, the newest of which is `latest`. */
function noticeOf(
  deps: NoticeDeps,
  roomId: number,
  member: NoticeMember,
  summary: { count: number; latest: { text: string; senderName: string } },
): ChatNotice {
  return {
    name: member.recipient.name,
    senderName: summary.latest.senderName,
    unread: arabicMessageCount(summary.count),
    excerpt: excerptOf(summary.latest.text),
    roomUrl: new URL(`/chat?room=${String(roomId)}`, deps.webOrigin).href,
  };
}

/**
 * The job. Nothing when the member left, muted the room, has no unread message newer than the
 * last notice, or is online (they see the room's badge there); else one notice, and the newest
 * message it announced is recorded, so a run again (at least once) or a later job sends nothing
 * for the same messages. A WhatsApp notice is recorded with the room and that message, so that
 * its failure, reported later, can send it by e-mail (sendChatNoticeFallback).
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
  const notice = noticeOf(deps, roomId, member, { count, latest });
  const { messenger } = deps;
  const channel = await notifyByMethod(
    member.recipient,
    {
      configured: messenger.channels,
      // Accepted is not delivered: the status webhook may report a failure later, and then the
      // notice goes by e-mail (CHAT_NOTICE_FALLBACK_JOB).
      async whatsapp(phone) {
        const { messageId } = await messenger.whatsapp(phone, notice);
        await recordAcceptedMessage(deps, {
          wamid: messageId,
          userId,
          phone,
          purpose: 'chat',
          chatRoomId: roomId,
          chatSeq: latest.seq,
        });
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

const fallbackPayloadSchema = z.object({ messageId: z.number().int().positive() });

/**
 * A notice WhatsApp accepted and then reported as failed (status webhook): the same notice, by
 * e-mail, once (the job is keyed by the message, scheduled by whoever claimed the failure). The
 * notice job's checks are made again, now: nothing when the member left or muted the room, has
 * read up to the message it announced, was announced those messages by a later notice, or is
 * online; nor without a verified address. It counts the unread messages it announced, up to that
 * message, as they stand now.
 */
export async function sendChatNoticeFallback(deps: NoticeDeps, payload: unknown): Promise<void> {
  const { messageId } = fallbackPayloadSchema.parse(payload);
  const row = await findWhatsAppMessage(deps.db, messageId);
  if (row?.purpose !== 'chat' || !row.userId || row.chatRoomId === null || row.chatSeq === null)
    return;
  const { userId, chatRoomId: roomId, chatSeq } = row;
  const member = await noticeMember(deps.db, roomId, userId);
  if (!member || member.muted) return;
  // Read up to it meanwhile, or a later notice (which counts every unread message) went out.
  if (member.lastReadSeq >= chatSeq || member.notifiedSeq > chatSeq) return;
  const { count, latest } = await unreadSummary(
    deps.db,
    roomId,
    userId,
    member.lastReadSeq,
    chatSeq,
  );
  if (!latest) return;
  if ((await deps.devicesOf(userId)) > 0) return;
  const context = { userId, roomId, errorCode: row.errorCode };
  if (!member.recipient.emailVerified) {
    deps.log.warn(context, 'WhatsApp chat notice failed and there is no verified e-mail');
    return;
  }
  deps.log.warn(context, 'WhatsApp chat notice failed: sent by e-mail');
  await deps.messenger.email(
    member.recipient.email,
    noticeOf(deps, roomId, member, { count, latest }),
  );
}
