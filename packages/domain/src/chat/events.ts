/**
 * The chat's realtime events (spec section 7). From the browser: the payload and the
 * acknowledgement, `{ result, code?, ... }`, where `result` is one of the spec's ack results and
 * `code` the catalogue code behind a refusal (`unallowed`: `unverified-email`,
 * `too-many-requests`, a message-text code). To the browser: each payload, sent once the change has
 * committed. Their place in the channel is in ../realtime/contract.
 */
import { z } from 'zod';
import { API_ERROR_CODES, VALIDATION_CODES } from '../errors';
import type { AckResult } from '../realtime/names';
import { idSchema } from '../validation/ids';
import { chatMessageSchema } from './contract';
import { clientMessageIdSchema } from './validation';

/** At most this many rooms in one JoinRooms. */
export const JOIN_ROOMS_MAX = 500;

/** The acknowledgement of a chat event: its result, and what else that event answers. */
const ackSchema = <const R extends readonly AckResult[], S extends z.ZodRawShape>(
  results: R,
  shape: S,
) =>
  z.object({
    result: z.literal(results),
    code: z.enum([...API_ERROR_CODES, ...VALIDATION_CODES]).optional(),
    ...shape,
  });

// ---- Client to server ----

/** JoinRooms: listen to these rooms (all of the user's rooms when `roomIds` is absent). */
export const joinRoomsPayloadSchema = z.object({
  roomIds: z.array(idSchema).max(JOIN_ROOMS_MAX).optional(),
});
export const JOIN_ROOMS_ACKS = [
  'ok',
  'room-not-found',
  'not-member',
  'unallowed',
  'unreachable',
] as const;
export const joinRoomsAckSchema = ackSchema(JOIN_ROOMS_ACKS, {
  roomIds: z.array(z.number().int()).optional(),
});

/**
 * SendMessage: a message with the sender's own id for it. Stored before it is acknowledged; the
 * same `clientId` again (a retry) is answered with the message already stored.
 */
export const sendMessagePayloadSchema = z.object({
  roomId: idSchema,
  clientId: clientMessageIdSchema,
  text: z.string(),
});
export const SEND_MESSAGE_ACKS = [
  'ok',
  'empty-text',
  'room-not-found',
  'not-member',
  'unallowed',
  'unreachable',
] as const;
export const sendMessageAckSchema = ackSchema(SEND_MESSAGE_ACKS, {
  message: chatMessageSchema.optional(),
});

/** UpdateMessage: the sender edits the text of their message. */
export const updateMessagePayloadSchema = z.object({ messageId: idSchema, text: z.string() });
export const UPDATE_MESSAGE_ACKS = [
  'ok',
  'empty-text',
  'message-not-found',
  'not-member',
  'not-owner',
  'unallowed',
  'unreachable',
] as const;
export const updateMessageAckSchema = ackSchema(UPDATE_MESSAGE_ACKS, {
  message: chatMessageSchema.optional(),
});

/** DeleteMessage: the sender deletes their message (it keeps its place, without its text). */
export const deleteMessagePayloadSchema = z.object({ messageId: idSchema });
export const DELETE_MESSAGE_ACKS = [
  'ok',
  'message-not-found',
  'not-member',
  'not-owner',
  'unallowed',
  'unreachable',
] as const;
export const deleteMessageAckSchema = ackSchema(DELETE_MESSAGE_ACKS, {});

/** MarkMessageAsRead: the reader has read the room up to this message (and everything before). */
export const markMessageAsReadPayloadSchema = z.object({ roomId: idSchema, messageId: idSchema });
export const MARK_READ_ACKS = [
  'ok',
  'room-not-found',
  'message-not-found',
  'not-member',
  'unallowed',
  'unreachable',
] as const;
export const markMessageAsReadAckSchema = ackSchema(MARK_READ_ACKS, {});

/** UserTyping: the user started (true) or stopped (false) typing in a room. */
export const userTypingPayloadSchema = z.object({
  roomId: idSchema,
  typing: z.boolean(),
});
export const USER_TYPING_ACKS = [
  'ok',
  'room-not-found',
  'not-member',
  'unallowed',
  'unreachable',
] as const;
export const userTypingAckSchema = ackSchema(USER_TYPING_ACKS, {});

// ---- Server to client ----

/** RoomMessage / RoomMessageUpdated / RoomMessageDeleted: the message as it now is. */
export const roomMessageEventSchema = z.object({ message: chatMessageSchema });
export type RoomMessageEvent = z.infer<typeof roomMessageEventSchema>;

/** RoomMessageRead, to the other members: `userId` has read the room up to `readSeq`. */
export const roomMessageReadEventSchema = z.object({
  roomId: z.number().int(),
  userId: z.number().int(),
  readSeq: z.number().int(),
});
export type RoomMessageReadEvent = z.infer<typeof roomMessageReadEventSchema>;

/** MessageRead, to the reader's own tabs: where they stand now (badges agree across tabs). */
export const messageReadEventSchema = z.object({
  roomId: z.number().int(),
  readSeq: z.number().int(),
  unread: z.number().int(),
});
export type MessageReadEvent = z.infer<typeof messageReadEventSchema>;

/** JoinedRooms, to the socket that asked: the rooms it now listens to. */
export const joinedRoomsEventSchema = z.object({ roomIds: z.array(z.number().int()) });
export type JoinedRoomsEvent = z.infer<typeof joinedRoomsEventSchema>;

/** UserTyping, to the other members of the room. */
export const userTypingEventSchema = z.object({
  roomId: z.number().int(),
  userId: z.number().int(),
  typing: z.boolean(),
});
export type UserTypingEvent = z.infer<typeof userTypingEventSchema>;

/** UserStatusChanged, to the user's chat counterparts: online on `devices` connections, or not. */
export const userStatusChangedEventSchema = z.object({
  userId: z.number().int(),
  online: z.boolean(),
  devices: z.number().int(),
});
export type UserStatusChangedEvent = z.infer<typeof userStatusChangedEventSchema>;
