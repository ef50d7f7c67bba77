import { bigint, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server log kept for the admins' export (issue 23 item 6; docs/decisions/350-log-export.md):
 * every instance writes its lines here in batches, at LOG_STORE_LEVEL and above, already redacted.
 * `line` is pino's JSON line as written to stdout, kept verbatim as text (the export writes it
 * back as is; jsonb would parse every line on insert for nothing). `level` is pino's number
 * (30 info, 40 warn, 50 error). A retention job deletes lines older than LOG_RETENTION_DAYS.
 */
export const serverLogs = pgTable(
  'server_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    level: smallint('level').notNull(),
    /** The writing instance's id (the one its ServerStats samples carry). */
    instance: text('instance').notNull(),
    message: text('message').notNull(),
    line: text('line').notNull(),
  },
  // The export and the retention job walk the time order; (time, id) is the export's keyset.
  (t) => [index('server_logs_time_idx').on(t.time, t.id)],
);

export type ServerLogRow = typeof serverLogs.$inferSelect;
export type NewServerLogRow = typeof serverLogs.$inferInsert;
