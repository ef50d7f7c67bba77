// Chat rooms and messages for the main app's DOM tests (never imported by app code).
import { Role, RoomType } from '@talaqa/domain';
import type { ChatMessage, ChatMember, ChatRoom, ChatRoomPage } from '@talaqa/domain';

export const TUTOR_MEMBER: ChatMember = { id: 3, name: 'أحمد علي', image: null, role: Role.Tutor };

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const id = overrides.id ?? 1;
  return {
    id,
    roomId: 11,
    seq: id,
    senderId: 3,
    text: `رسالة ${String(id)}`,
    edited: false,
    deleted: false,
    clientId: null,
    createdAt: '2025-03-23T08:00:00.000Z',
    updatedAt: '2025-03-23T08:00:00.000Z',
    ...overrides,
  };
}

export function makeRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 11,
    type: RoomType.General,
    pinned: false,
    muted: false,
    unread: 0,
    other: TUTOR_MEMBER,
    lastMessage: makeMessage(),
    lastSeq: 1,
    readSeq: 1,
    otherReadSeq: 0,
    createdAt: '2025-03-20T08:00:00.000Z',
    ...overrides,
  };
}

export const roomPage = (list: ChatRoom[]): ChatRoomPage => ({ list, total: list.length });
