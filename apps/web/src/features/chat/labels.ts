/** The chat's words on screen: presence, the list's preview of a room, day separators. */
import { RoomType, formatCairoDate } from '@talaqa/domain';
import type { ChatMessage, ChatRoom } from '@talaqa/domain';
import { countedText } from '@talaqa/ui';
import type { Presence } from './queries';

export const DELETED_MESSAGE_TEXT = 'حُذفت هذه الرسالة';
export const EDITED_MARK = 'معدّلة';

export function presenceText(presence: Presence): string {
  if (!presence.online) return 'غير متصل';
  if (presence.devices <= 1) return 'متصل الآن';
  const devices = countedText(presence.devices, {
    one: 'جهاز واحد',
    two: 'جهازين',
    few: 'أجهزة',
    many: 'جهازًا',
    other: 'جهاز',
  });
  return `متصل الآن على ${devices}`;
}

/** "رسالة واحدة غير مقروءة", "رسالتان غير مقروءتين", "٣ رسائل غير مقروءة", "١١ رسالة غير مقروءة". */
export const unreadMessagesText = (count: number): string =>
  countedText(count, {
    one: 'رسالة واحدة غير مقروءة',
    two: 'رسالتان غير مقروءتين',
    few: 'رسائل غير مقروءة',
    many: 'رسالة غير مقروءة',
    other: 'رسالة غير مقروءة',
  });

/**
 * What a room belongs to, beside the other's name in the list: a lesson's chat (made for the
 * in-session chat of the lesson room), an interview's or a demo session's; nothing for a
 * general conversation.
 */
export function roomTypeLabel(room: Pick<ChatRoom, 'type'>): string | null {
  switch (room.type) {
    case RoomType.Lesson:
      return 'درس';
    case RoomType.Interview:
      return 'مقابلة';
    case RoomType.DemoSession:
      return 'جلسة تجريبية';
    default:
      return null;
  }
}

/** The list's one line under a name: the latest message, who sent it, or that there is none. */
export function lastMessageText(room: ChatRoom): string {
  const message = room.lastMessage;
  if (!message) return 'لا رسائل بعد';
  if (message.deleted) return DELETED_MESSAGE_TEXT;
  const mine = room.other ? message.senderId !== room.other.id : false;
  return mine ? `أنت: ${message.text}` : message.text;
}

/** The Cairo calendar day of a message, written in full (the separators' text and key). */
export const cairoDayOf = (instant: string): string => formatCairoDate(new Date(instant));

/** Messages grouped by their Cairo day, in order. */
export function byCairoDay<T extends Pick<ChatMessage, 'createdAt'>>(
  items: readonly T[],
): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = cairoDayOf(item.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
