import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportStatus } from '@talaqa/domain';
import { timestamps, users } from './users';

/**
 * Problem reports (docs/decisions/348-problem-reports.md): what a signed-in user sent from the
 * main app's "report a problem" dialog, with the names of its stored files (folder `reports` of
 * the asset storage) and their sizes. Open until an admin resolves it; an admin may reopen it.
 * A report outlives its sender's account (`user_id` set null).
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    url: text('url').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    screenshot: text('screenshot'),
    screenshotBytes: integer('screenshot_bytes').notNull().default(0),
    log: text('log'),
    /** The log file's own name, as the client's logger made it (date and a random number). */
    logName: text('log_name'),
    logBytes: integer('log_bytes').notNull().default(0),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('reports_status_created_at_idx').on(t.status, t.createdAt),
    index('reports_created_at_idx').on(t.createdAt),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    check(
      'reports_resolved_check',
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null)`,
    ),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
