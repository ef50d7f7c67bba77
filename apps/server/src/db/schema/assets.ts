import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every uploaded file a user holds (issue 15): its stored name under its folder, its owner and
 * its size. The bytes a user holds are the sum of their rows, checked against
 * USER_STORAGE_MAX_BYTES while the user's row is locked, so two uploads at once cannot both pass.
 * A row goes in the transaction that points the profile at the file and out in the one that
 * points it elsewhere; the file itself is deleted after that commit.
 */
export const userFiles = pgTable(
  'user_files',
  {
    name: text('name').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_files_user_idx').on(t.userId),
    check('user_files_bytes_check', sql`${t.bytes} >= 0`),
  ],
);

export type UserFileRow = typeof userFiles.$inferSelect;
