import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LESSON_REMINDERS } from './lessons';
import { timestamps, users } from './users';

/** What a WhatsApp message was for: a phone code, a lesson reminder, a chat notice. */
export const WHATSAPP_PURPOSES = ['code', 'reminder', 'chat'] as const;
/**
 * Where a message stands: `accepted` (the send answered 200 with its id), then what the status
 * webhook reported. `sent` < `delivered` < `read` only move forward; `failed` ends it.
 */
export const WHATSAPP_STATES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;

/**
 * One row per WhatsApp message we sent (issue 16): the Cloud API answers 200 with a message id
 * (`wamid`) and reports delivery later through the status webhook, so the state lives here.
 * A status may arrive before the send's answer is recorded: the webhook then creates the row
 * with no owner, and the send fills the owner in (and handles a failure itself).
 * `code_id` is not a foreign key: a withdrawn code is deleted and the row must outlive it.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    wamid: text('wamid').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: WHATSAPP_PURPOSES }),
    /** The verification code the message carried (purpose `code`). */
    codeId: integer('code_id'),
    /** The E.164 number it went to. */
    phone: text('phone'),
    /** The lesson reminder it carried (purpose `reminder`): lesson, which one, for which start. */
    lessonId: integer('lesson_id'),
    reminder: text('reminder', { enum: LESSON_REMINDERS }),
    lessonStartsAt: timestamp('lesson_starts_at', { withTimezone: true }),
    /**
     * The chat notice it carried (purpose `chat`): the room, and the newest message it announced
     * (`chat_messages.seq`). Not a foreign key, as `lesson_id`.
     */
    chatRoomId: integer('chat_room_id'),
    chatSeq: integer('chat_seq'),
    state: text('state', { enum: WHATSAPP_STATES }).notNull().default('accepted'),
    /** The first of `statuses[].errors[]` of a failed status (e.g. 131026). */
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Set once, by whoever acted on the failure (withdrew the code, scheduled an e-mail). */
    failureHandledAt: timestamp('failure_handled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapp_messages_wamid_key').on(t.wamid),
    index('whatsapp_messages_user_idx').on(t.userId, t.purpose, t.createdAt),
    check(
      'whatsapp_messages_state_check',
      sql`${t.state} in ('accepted', 'sent', 'delivered', 'read', 'failed')`,
    ),
    check(
      'whatsapp_messages_purpose_check',
      sql`${t.purpose} is null or ${t.purpose} in ('code', 'reminder', 'chat')`,
    ),
  ],
);

export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
export type WhatsAppState = (typeof WHATSAPP_STATES)[number];
