import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/**
 * Invites (docs/decisions/343-invites.md): an admin asks an address to sign up with a role. Only
 * the SHA-256 of the link's token is kept (32 random bytes: nothing to guess offline). `status`
 * is pending, accepted or revoked; "expired" is a pending invite past `expires_at`, read at each
 * request. One pending invite per address (any case).
 */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invites_token_hash_key').on(t.tokenHash),
    uniqueIndex('invites_pending_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('invites_created_at_idx').on(t.createdAt),
    check('invites_status_check', sql`${t.status} in ('pending', 'accepted', 'revoked')`),
  ],
);
export type InviteRow = typeof invites.$inferSelect;
