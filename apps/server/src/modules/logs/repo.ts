import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { serverLogs } from '../../db/schema';
import type { StoredLogLine } from '../../log-store';

/** PostgreSQL's text cannot hold NUL; pino escapes it in the JSON line, the message is raw. */
const MESSAGE_MAX = 1000;
const withoutNul = (text: string): string => text.replaceAll('\u0000', '');

/** One batch of an instance's lines, in one insert. */
export async function insertLogLines(
  db: Database,
  instance: string,
  lines: readonly StoredLogLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(serverLogs).values(
    lines.map((entry) => ({
      time: entry.time,
      level: entry.level,
      instance,
      message: withoutNul(entry.message).slice(0, MESSAGE_MAX),
      line: withoutNul(entry.line),
    })),
  );
}

export interface LogPageFilters {
  from: Date;
  to: Date;
  /** Lines at this pino level number and above. */
  minLevel?: number;
  instance?: string;
}

export interface LogCursor {
  time: Date;
  id: number;
}

export interface LogPageRow {
  id: number;
  time: Date;
  instance: string;
  line: string;
}

/** The next `size` lines in time order after `after` (keyset: time, then id). */
export async function logPage(
  db: Database,
  filters: LogPageFilters,
  after: LogCursor | undefined,
  size: number,
): Promise<LogPageRow[]> {
  const conditions: SQL[] = [gte(serverLogs.time, filters.from), lt(serverLogs.time, filters.to)];
  if (filters.minLevel !== undefined) conditions.push(gte(serverLogs.level, filters.minLevel));
  if (filters.instance !== undefined) conditions.push(eq(serverLogs.instance, filters.instance));
  if (after) {
    conditions.push(
      sql`(${serverLogs.time}, ${serverLogs.id}) > (${after.time.toISOString()}::timestamptz, ${after.id})`,
    );
  }
  return db
    .select({
      id: serverLogs.id,
      time: serverLogs.time,
      instance: serverLogs.instance,
      line: serverLogs.line,
    })
    .from(serverLogs)
    .where(and(...conditions))
    .orderBy(asc(serverLogs.time), asc(serverLogs.id))
    .limit(size);
}

/** Deletes up to `limit` lines logged before `before`, oldest first; answers how many. */
export async function deleteLogLinesBefore(
  db: Database,
  before: Date,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ id: serverLogs.id })
    .from(serverLogs)
    .where(lt(serverLogs.time, before))
    .orderBy(asc(serverLogs.time))
    .limit(limit);
  const deleted = await db
    .delete(serverLogs)
    .where(inArray(serverLogs.id, oldest))
    .returning({ id: serverLogs.id });
  return deleted.length;
}
