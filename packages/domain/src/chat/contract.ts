/**
 * The chat endpoints of spec section 7 and what they answer. A room is one conversation between
 * its members (two for now); each member has their own pin, mute and read position. Messages are
 * ordered by the server: `seq` counts up within a room in commit order, so "what did I miss since
 * seq N" has one answer on every instance. Rules (who may write to whom, moderation, the rate
 * limit) are in ./rules; the realtime events in ./events.
 */
import { z } from 'zod';
import { signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { instantSchema } from '../contract/query-fields';
import { ROLES, ROOM_TYPES } from '../enums';
import {
  newChatSchema,
  roomByMembersQuerySchema,
  roomMessagesQuerySchema,
  roomParamsSchema,
  roomSettingsSchema,
  userRoomsParamsSchema,
  userRoomsQuerySchema,
} from './validation';

const id = z.number().int();

/**
 * A message as screens show it. A deleted message keeps its place with an empty text; an edited
 * one says so. `clientId` is the sender's own id of it (null for messages sent without one).
 */
export const chatMessageSchema = z.object({
  id,
  roomId: id,
  seq: id,
  senderId: id,
  text: z.string(),
  edited: z.boolean(),
  deleted: z.boolean(),
  clientId: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A member of a room as the list and the conversation header show them. */
export const chatMemberSchema = z.object({
  id,
  name: z.string(),
  image: z.string().nullable(),
  role: z.literal(ROLES),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

/**
 * A room as its member sees it: their own pin and mute, how many messages of the others they have
 * not read, the other member, the latest message, and how far the other member has read (the
 * read ticks: every message of the caller with `seq <= otherReadSeq` has been read). The rooms
 * list also says whether the other member is online and on how many devices (`otherOnline`,
 * `otherDevices`, as the members answer does), so its dots are right before a room is opened;
 * the other answers leave them out.
 */
export const chatRoomSchema = z.object({
  id,
  type: z.literal(ROOM_TYPES),
  pinned: z.boolean(),
  muted: z.boolean(),
  unread: z.number().int(),
  other: chatMemberSchema.nullable(),
  lastMessage: chatMessageSchema.nullable(),
  lastSeq: z.number().int(),
  readSeq: z.number().int(),
  otherReadSeq: z.number().int(),
  otherOnline: z.boolean().optional(),
  otherDevices: z.number().int().optional(),
  createdAt: instantSchema,
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomPageSchema = z.object({ list: z.array(chatRoomSchema), total: z.number() });
export type ChatRoomPage = z.infer<typeof chatRoomPageSchema>;

/** A page of a room's messages, newest last; `hasMore`: more lie beyond it the way it was read. */
export const chatMessagePageSchema = z.object({
  list: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** A member with where they stand: online (on how many devices) and how far they have read. */
export const chatRoomMemberSchema = chatMemberSchema.extend({
  online: z.boolean(),
  devices: z.number().int(),
  readSeq: z.number().int(),
});
export type ChatRoomMember = z.infer<typeof chatRoomMemberSchema>;

export const newChatAnswerSchema = z.object({ room: chatRoomSchema, message: chatMessageSchema });
export type NewChatAnswer = z.infer<typeof newChatAnswerSchema>;

export const chatEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/chat/new',
    summary: 'Open a room with a user and send the first message',
    description:
      'A verified e-mail is required (`unverified-email`); a tutor cannot open a room with a ' +
      'student, nor a student with a student (`forbidden`); one general room per pair ' +
      '(`room-exists`). At most 30 messages a minute (`too-many-requests`).',
    access: signedIn,
    body: newChatSchema,
    responses: { 201: newChatAnswerSchema },
    errors: ['user-not-found', 'room-exists', 'unverified-email', 'forbidden', 'too-many-requests'],
  }),
  messages: endpoint({
    method: 'GET',
    path: '/chat/list/:roomId/messages',
    summary: 'A page of a room’s messages, newest last (cursor: before / after a seq)',
    access: signedIn,
    params: roomParamsSchema,
    query: roomMessagesQuerySchema,
    responses: { 200: chatMessagePageSchema },
    errors: ['room-not-found', 'not-room-member'],
  }),
  rooms: endpoint({
    method: 'GET',
    path: '/chat/list/rooms/:userId/',
    summary: 'A user’s rooms: pinned first, then by the latest message; search by name and text',
    description: 'The caller’s own rooms (an admin may read anyone’s, for moderation).',
    access: signedIn,
    params: userRoomsParamsSchema,
    query: userRoomsQuerySchema,
    responses: { 200: chatRoomPageSchema },
    errors: ['forbidden', 'user-not-found'],
  }),
  byMembers: endpoint({
    method: 'GET',
    path: '/chat/room/by/members',
    summary: 'The general room of two users, if they have one',
    access: signedIn,
    query: roomByMembersQuerySchema,
    responses: { 200: chatRoomSchema },
    errors: ['room-not-found', 'room-members-not-found', 'not-room-member'],
  }),
  members: endpoint({
    method: 'GET',
    path: '/chat/room/members/:roomId',
    summary: 'A room’s members, online or not, and how far each has read',
    access: signedIn,
    params: roomParamsSchema,
    responses: { 200: z.array(chatRoomMemberSchema) },
    errors: ['room-not-found', 'room-members-not-found', 'not-room-member'],
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/chat/room/:roomId',
    summary: 'Pin or mute a room for the caller',
    access: signedIn,
    params: roomParamsSchema,
    body: roomSettingsSchema,
    responses: { 200: chatRoomSchema },
    errors: ['empty-request', 'room-not-found', 'not-room-member'],
  }),
};
