import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/**
 * A user's Telegram chat, for codes over Telegram (the bot can write only to chats that started
 * it). One row per user holds two things:
 * - the pending link: a SHA-256 of the deep-link token (`t.me/<bot>?start=<token>`), its expiry,
 *   the phone it was asked for, and the chat that pressed Start with it;
 * - the link itself, once that chat shared its own contact with the same phone: chat id, Telegram
 *   user id, the phone (E.164) and when. A code goes there only while the phone it is sent to is
 *   this phone, so a changed number needs a new link.
 * Telegram ids fit in 52 bits, so `number` mode is exact.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The E.164 phone the pending link is for; the shared contact must be this number. */
    pendingPhone: text('pending_phone'),
    /** The private chat that sent `/start <token>` (and its user), waiting for the contact. */
    pendingChatId: bigint('pending_chat_id', { mode: 'number' }),
    pendingTelegramUserId: bigint('pending_telegram_user_id', { mode: 'number' }),
    chatId: bigint('chat_id', { mode: 'number' }),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }),
    phone: text('phone'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('telegram_links_token_hash_key').on(t.tokenHash),
    // A chat waits for one account's link at a time: the newest /start wins.
    uniqueIndex('telegram_links_pending_chat_key').on(t.pendingChatId),
    index('telegram_links_chat_idx').on(t.chatId),
    check(
      'telegram_links_token_check',
      sql`(${t.tokenHash} is null) = (${t.tokenExpiresAt} is null) and (${t.tokenHash} is null) = (${t.pendingPhone} is null)`,
    ),
    check(
      'telegram_links_pending_check',
      sql`${t.tokenHash} is not null or (${t.pendingChatId} is null and ${t.pendingTelegramUserId} is null)`,
    ),
    check(
      'telegram_links_linked_check',
      sql`(${t.chatId} is null) = (${t.phone} is null) and (${t.chatId} is null) = (${t.linkedAt} is null) and (${t.chatId} is null) = (${t.telegramUserId} is null)`,
    ),
  ],
);

/**
 * Update ids the webhook has handled. Telegram delivers an update again until the webhook answers
 * 2xx, so the id is recorded in the same transaction as its effect, and a repeat does nothing.
 * Telegram keeps undelivered updates for 24 hours; older ids are pruned.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_updates_received_idx').on(t.receivedAt)],
);

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
