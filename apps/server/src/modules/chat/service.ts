/**
 * The chat's rules (docs/decisions/260-chat-rules.md, 261-chat-moderation-reading.md,
 * 262-chat-order-and-retries.md), for the HTTP routes and the socket events alike. Each function
 * answers what changed and who must hear of it; the caller emits after the commit. Refusals are
 * AppErrors with catalogue codes; the two the catalogue has no code for (a message that does not
 * exist, or is someone else's) are ChatRefused with the spec's ack result.
 */
import {
  CHAT_MESSAGES_PER_MINUTE,
  mayModerateChat,
  mayOpenRoom,
  messageTextSchema,
  RoomType,
} from '@talaqa/domain';
import type {
  AckResult,
  ChatMessage,
  ChatMessagePage,
  ChatRoom,
  ChatRoomMember,
  ChatRoomPage,
  ErrorCode,
  Role,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import {
  chatUser,
  deleteMessage,
  editMessage,
  insertPairRoom,
  lessonRoomKeyOf,
  markRead,
  memberIdsOf,
  membership,
  messageByClientId,
  messageById,
  messagePage,
  roomIdOfKey,
  roomIdOfPair,
  roomIdsOf,
  roomMembers,
  roomViews,
  storeSends,
  toMessage,
  updateSettings,
} from './repo';
import type { Membership, PageCursor } from './repo';
import type { MessageStore } from './sending';

export type ChatContext = Pick<ServiceContext, 'db' | 'clock'> & { messages: MessageStore };

/** Who acts: the signed-in user and their role. */
export interface ChatCaller {
  userId: number;
  role: Role;
}

/** Who acts where the role does not matter (the socket events: members only, no moderation). */
export type ChatActor = Pick<ChatCaller, 'userId'>;

/** A refusal the catalogue has no code for, answered only in an acknowledgement. */
export class ChatRefused extends Error {
  override name = 'ChatRefused';
  constructor(readonly result: AckResult) {
    super(`chat action refused: ${result}`);
  }
}

/** Who must hear of a change: the members of its room. */
export interface Heard<T> {
  value: T;
  memberIds: number[];
}

/** Chat needs a verified e-mail (spec section 5). */
async function assertMayChat(db: Database, userId: number): Promise<void> {
  const user = await chatUser(db, userId);
  if (!user) throw new AppError('unauthenticated');
  if (!user.emailVerified) throw new AppError('unverified-email');
}

/** The text as stored, or the field code that refuses it. */
function messageText(text: string): string {
  const read = messageTextSchema.safeParse(text);
  if (read.success) return read.data;
  const code = read.error.issues[0]?.message ?? 'message-invalid';
  throw new AppError(code as ErrorCode);
}

/** The room exists and the caller is a member, else the catalogue's refusal. */
async function memberOf(db: Database, roomId: number, userId: number): Promise<Membership> {
  const found = await membership(db, roomId, userId);
  if (!found.roomExists) throw new AppError('room-not-found');
  if (!found.member) throw new AppError('not-room-member');
  return found;
}

/** A member, or an admin reading for moderation. */
async function readerOf(db: Database, roomId: number, caller: ChatCaller): Promise<void> {
  const found = await membership(db, roomId, caller.userId);
  if (!found.roomExists) throw new AppError('room-not-found');
  if (!found.member && !mayModerateChat(caller.role)) throw new AppError('not-room-member');
}

async function roomAs(db: Database, roomId: number, viewerId: number): Promise<ChatRoom> {
  const { list } = await roomViews(db, viewerId, { roomIds: [roomId] });
  const [room] = list;
  if (!room) throw new AppError('room-not-found');
  return room;
}

/**
 * The chat room of a lesson as `viewerId` sees it (type Lesson: the in-session chat of issue 19),
 * made on first ask. One per lesson (key `lesson:{id}`), its members the lesson's tutor and
 * student; null for anyone else (an admin reading the session).
 */
export async function lessonRoom(
  db: Database,
  lesson: { id: number; tutorId: number; studentId: number },
  viewerId: number,
  now: Date,
): Promise<ChatRoom | null> {
  if (viewerId !== lesson.tutorId && viewerId !== lesson.studentId) return null;
  const key = lessonRoomKeyOf(lesson.id);
  const roomId =
    (await roomIdOfKey(db, key)) ??
    (await db.transaction((tx) =>
      insertPairRoom(tx, RoomType.Lesson, [lesson.tutorId, lesson.studentId], now, key),
    )) ??
    // Made by the other member's request at the same moment.
    (await roomIdOfKey(db, key));
  if (roomId === undefined) throw new Error(`the chat room of lesson ${String(lesson.id)} is gone`);
  return roomAs(db, roomId, viewerId);
}

/**
 * POST /chat/new: a general room with `userId` and its first message, in one transaction.
 * `room-exists` when the pair has one (also when a concurrent request made it first).
 */
export async function openRoom(
  ctx: ChatContext,
  caller: ChatCaller,
  body: { userId: number; message: string; clientId?: string | undefined },
): Promise<Heard<{ room: ChatRoom; message: ChatMessage }>> {
  await assertMayChat(ctx.db, caller.userId);
  if (body.userId === caller.userId) throw new AppError('illegal', 'A room needs another user');
  const other = await chatUser(ctx.db, body.userId);
  if (!other) throw new AppError('user-not-found');
  // An existing room is named first: a tutor a student wrote to carries on there.
  if ((await roomIdOfPair(ctx.db, caller.userId, other.id)) !== undefined) {
    throw new AppError('room-exists');
  }
  if (!mayOpenRoom(caller.role, other.role)) {
    throw new AppError('forbidden', 'Tutors answer students who write first');
  }
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const roomId = await insertPairRoom(tx, RoomType.General, [caller.userId, other.id], now);
    if (roomId === undefined) return undefined;
    const [sent] = await storeSends(
      tx,
      [
        {
          roomId,
          senderId: caller.userId,
          clientId: body.clientId ?? null,
          text: body.message,
          now,
        },
      ],
      CHAT_MESSAGES_PER_MINUTE,
    );
    // A refusal rolls the new room back with it.
    if (sent?.kind === 'refused') throw new AppError(sent.refusal);
    if (sent?.kind !== 'stored') throw new Error('the first message of a new room conflicted');
    return { roomId, message: sent.message };
  });
  if (!created) throw new AppError('room-exists');
  return {
    value: {
      room: await roomAs(ctx.db, created.roomId, caller.userId),
      message: toMessage(created.message),
    },
    memberIds: [caller.userId, other.id],
  };
}

/** GET /chat/list/{roomId}/messages: members, and admins for moderation. */
export async function listMessages(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatCaller,
  roomId: number,
  cursor: PageCursor,
): Promise<ChatMessagePage> {
  await readerOf(ctx.db, roomId, caller);
  return messagePage(ctx.db, roomId, cursor);
}

/**
 * GET /chat/list/rooms/{userId}/: one's own rooms; an admin may read anyone's. Each room says
 * whether its other member is online, on how many devices, from the same store as the members
 * answer, so the list's dots are right before a room is opened. Without an answer from that
 * store (`undefined`: presence is advisory, decision 263) the rooms come without it.
 */
export async function listRooms(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatCaller,
  userId: number,
  query: { search?: string | undefined; pinned?: boolean | undefined; page: number; size: number },
  devicesOf: (userIds: number[]) => Promise<Map<number, number> | undefined>,
): Promise<ChatRoomPage> {
  if (userId !== caller.userId) {
    if (!mayModerateChat(caller.role)) throw new AppError('forbidden');
    if (!(await chatUser(ctx.db, userId))) throw new AppError('user-not-found');
  }
  const page = await roomViews(ctx.db, userId, query);
  const others = [...new Set(page.list.flatMap((room) => (room.other ? [room.other.id] : [])))];
  const devices = others.length > 0 ? await devicesOf(others) : undefined;
  if (!devices) return page;
  const list = page.list.map((room): ChatRoom => {
    if (!room.other) return room;
    const count = devices.get(room.other.id) ?? 0;
    return { ...room, otherOnline: count > 0, otherDevices: count };
  });
  return { ...page, list };
}

/** GET /chat/room/by/members: the general room of two users, seen by the caller. */
export async function roomByMembers(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatCaller,
  members: number[],
): Promise<ChatRoom> {
  const [a, b] = members;
  if (a === undefined || b === undefined) throw new AppError('bad-request');
  const moderating = mayModerateChat(caller.role);
  if (!members.includes(caller.userId) && !moderating) throw new AppError('not-room-member');
  const found = await Promise.all([chatUser(ctx.db, a), chatUser(ctx.db, b)]);
  if (found.some((user) => !user)) throw new AppError('room-members-not-found');
  const roomId = await roomIdOfPair(ctx.db, a, b);
  if (roomId === undefined) throw new AppError('room-not-found');
  return roomAs(ctx.db, roomId, members.includes(caller.userId) ? caller.userId : a);
}

/** How many devices each user is online on. */
export type DeviceCounts = (userIds: number[]) => Promise<Map<number, number>>;

/** GET /chat/room/members/{roomId}: who is in the room, online or not, how far each has read. */
export async function listRoomMembers(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatCaller,
  roomId: number,
  devicesOf: DeviceCounts,
): Promise<ChatRoomMember[]> {
  await readerOf(ctx.db, roomId, caller);
  const members = await roomMembers(ctx.db, roomId);
  if (members.length === 0) throw new AppError('room-members-not-found');
  const devices = await devicesOf(members.map((member) => member.id));
  return members.map((member) => {
    const count = devices.get(member.id) ?? 0;
    return { ...member, online: count > 0, devices: count };
  });
}

/** PUT /chat/room/{roomId}: the caller's own pin and mute. */
export async function updateRoomSettings(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatCaller,
  roomId: number,
  body: { pinned?: boolean | undefined; muted?: boolean | undefined },
): Promise<ChatRoom> {
  if (body.pinned === undefined && body.muted === undefined) throw new AppError('empty-request');
  await memberOf(ctx.db, roomId, caller.userId);
  await updateSettings(ctx.db, roomId, caller.userId, body);
  return roomAs(ctx.db, roomId, caller.userId);
}

/**
 * SendMessage: stored before it is acknowledged. A retry (same client id) answers the stored
 * message and `fresh: false`, and is not counted again: the quota counts stored messages. One
 * statement, shared with concurrent sends, checks and stores (sending.ts).
 */
export async function sendMessage(
  ctx: ChatContext,
  sender: ChatActor,
  payload: { roomId: number; clientId: string; text: string },
): Promise<Heard<{ message: ChatMessage; fresh: boolean }>> {
  const text = messageText(payload.text);
  const sent = await ctx.messages({
    roomId: payload.roomId,
    senderId: sender.userId,
    clientId: payload.clientId,
    text,
    now: ctx.clock.now(),
  });
  if (sent.kind === 'refused') throw new AppError(sent.refusal);
  const { memberIds } = sent;
  if (sent.kind === 'stored') {
    return { value: { message: toMessage(sent.message), fresh: sent.fresh }, memberIds };
  }
  const earlier =
    sent.kind === 'stored-before'
      ? await messageById(ctx.db, sent.messageId)
      : await messageByClientId(ctx.db, payload.roomId, sender.userId, payload.clientId);
  if (!earlier) throw new Error('a stored message vanished');
  return { value: { message: toMessage(earlier), fresh: false }, memberIds };
}

/** The caller's own, undeleted message in a room they are a member of. */
async function ownMessage(db: Database, caller: ChatActor, messageId: number) {
  const row = await messageById(db, messageId);
  if (!row || row.deleted) throw new ChatRefused('message-not-found');
  const found = await membership(db, row.roomId, caller.userId);
  if (!found.member) throw new AppError('not-room-member');
  if (row.senderId !== caller.userId) throw new ChatRefused('not-owner');
  return row;
}

/** UpdateMessage: the sender edits their text. */
export async function updateMessage(
  ctx: ChatContext,
  caller: ChatActor,
  payload: { messageId: number; text: string },
): Promise<Heard<ChatMessage>> {
  const row = await ownMessage(ctx.db, caller, payload.messageId);
  await assertMayChat(ctx.db, caller.userId);
  const text = messageText(payload.text);
  const edited = await editMessage(ctx.db, row.id, text, ctx.clock.now());
  if (!edited) throw new ChatRefused('message-not-found');
  return { value: toMessage(edited), memberIds: await memberIdsOf(ctx.db, row.roomId) };
}

/** DeleteMessage: the sender deletes their message; it keeps its place without its text. */
export async function removeMessage(
  ctx: ChatContext,
  caller: ChatActor,
  payload: { messageId: number },
): Promise<Heard<ChatMessage>> {
  const row = await ownMessage(ctx.db, caller, payload.messageId);
  await assertMayChat(ctx.db, caller.userId);
  const deleted = await deleteMessage(ctx.db, row.id, ctx.clock.now());
  if (!deleted) throw new ChatRefused('message-not-found');
  return { value: toMessage(deleted), memberIds: await memberIdsOf(ctx.db, row.roomId) };
}

/** MarkMessageAsRead: the member has read the room up to this message. */
export async function markMessageRead(
  ctx: ChatContext,
  caller: ChatActor,
  payload: { roomId: number; messageId: number },
): Promise<Heard<{ roomId: number; readSeq: number; unread: number }>> {
  await memberOf(ctx.db, payload.roomId, caller.userId);
  const row = await messageById(ctx.db, payload.messageId);
  if (!row || row.roomId !== payload.roomId) throw new ChatRefused('message-not-found');
  await assertMayChat(ctx.db, caller.userId);
  const read = await markRead(ctx.db, payload.roomId, caller.userId, row.seq);
  return {
    value: { roomId: payload.roomId, ...read },
    memberIds: await memberIdsOf(ctx.db, payload.roomId),
  };
}

/** UserTyping: who hears it (nothing is stored). */
export async function typing(
  ctx: ChatContext,
  caller: ChatActor,
  roomId: number,
): Promise<number[]> {
  await memberOf(ctx.db, roomId, caller.userId);
  await assertMayChat(ctx.db, caller.userId);
  return memberIdsOf(ctx.db, roomId);
}

/** JoinRooms: the caller's rooms (all, or the ones named, each of which must be theirs). */
export async function roomsToJoin(
  ctx: Pick<ChatContext, 'db'>,
  caller: ChatActor,
  roomIds: number[] | undefined,
): Promise<number[]> {
  if (roomIds === undefined) return roomIdsOf(ctx.db, caller.userId);
  const unique = [...new Set(roomIds)];
  for (const roomId of unique) await memberOf(ctx.db, roomId, caller.userId);
  return unique;
}
