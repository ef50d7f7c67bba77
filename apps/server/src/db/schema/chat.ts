import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RoomType } from '@talaqa/domain';
import { timestamps, users } from './users';

/**
 * A chat room (spec section 3; docs/decisions/262-chat-order-and-retries.md). `last_seq` numbers
 * its messages: a sender increments it in the transaction that stores the message, which locks
 * the row, so a room's `seq` follows commit order. A general room is one per pair of users
 * (`pair_key`, "smaller:larger" id); lesson, interview and demo-session rooms have none.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: smallint('type').$type<RoomType>().notNull(),
    pairKey: text('pair_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_key').on(t.pairKey),
    check('chat_rooms_type_check', sql`${t.type} between 1 and 4`),
  ],
);

/**
 * A member of a room with their own pin, mute and read position (the last `seq` read).
 * `notified_seq`: the newest message an offline notification has announced to them
 * (docs/decisions/271-chat-offline-notifications.md).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinned: boolean('pinned').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    notifiedSeq: integer('notified_seq').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId], name: 'chat_members_pkey' }),
    // A user's rooms (the room list, presence counterparts).
    index('chat_members_user_idx').on(t.userId, t.roomId),
  ],
);

/**
 * A message. `(room_id, seq)` is the room's order and its pages; `(room_id, sender_id,
 * client_id)` makes a retried message (same client id) find the stored one instead of a second.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    text: text('text').notNull(),
    edited: boolean('edited').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_messages_room_seq_key').on(t.roomId, t.seq),
    uniqueIndex('chat_messages_client_id_key').on(t.roomId, t.senderId, t.clientId),
    // The per-minute quota counts a sender's latest messages (docs/decisions/265).
    index('chat_messages_sender_time_idx').on(t.senderId, t.createdAt),
  ],
);

export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
