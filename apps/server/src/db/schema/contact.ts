import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/**
 * Spec Contact request: the title and message someone sent from `/contact`, with where to answer
 * (record 300). The sender's account is kept when they were signed in; deleting the account
 * keeps the request (an admin may still be answering it) without the link.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reply address typed in the form (a visitor must give one); null: the account's. */
    email: text('email'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** When an admin marked it handled; null while it is open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // The admins' page: newest first, all or the open ones only.
  (t) => [index('contact_requests_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);

export type ContactRequestRow = typeof contactRequests.$inferSelect;
