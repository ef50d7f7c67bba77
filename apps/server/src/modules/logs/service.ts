import { LOG_LEVEL_NUMBERS } from '@talaqa/domain';
import type { LogExportFilters } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { StoredLogLine } from '../../log-store';
import { deleteLogLinesBefore, insertLogLines, logPage } from './repo';
import type { LogCursor, LogPageFilters, LogPageRow } from './repo';

/** Lines read per query while an export streams: one page in memory at a time. */
export const EXPORT_PAGE_LINES = 1000;
/** Lines deleted per statement by the retention job (short statements, short locks). */
const PRUNE_BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's writer for one instance: its batches go to `server_logs` under its id. */
export const logBatchWriter =
  (db: Database, instance: string) =>
  (lines: StoredLogLine[]): Promise<void> =>
    insertLogLines(db, instance, lines);

/**
 * A kept line as the file gives it: pino's JSON with the writing instance's id put first
 * (`{"instance":"…",…}`), so lines of every instance can be told apart in one file.
 */
export function exportedLine(row: Pick<LogPageRow, 'instance' | 'line'>): string {
  const instance = `{"instance":${JSON.stringify(row.instance)}`;
  if (!row.line.startsWith('{')) return `${instance},"line":${JSON.stringify(row.line)}}\n`;
  const rest = row.line.slice(1).trimStart();
  return rest.startsWith('}') ? `${instance}${rest}\n` : `${instance},${rest}\n`;
}

const pageFiltersOf = (filters: LogExportFilters): LogPageFilters => ({
  from: filters.from,
  to: filters.to,
  ...(filters.level ? { minLevel: LOG_LEVEL_NUMBERS[filters.level] } : {}),
  ...(filters.instance ? { instance: filters.instance } : {}),
});

/**
 * The export's text, a page of lines per chunk, oldest first, read page by page (keyset) as the
 * client takes it, so a week of logs never sits in memory. Past `maxLines` it ends with one line
 * saying the file was cut and where the next line would have started.
 */
export async function* exportLogLines(
  { db }: Pick<ServiceContext, 'db'>,
  filters: LogExportFilters,
  maxLines: number,
  pageLines = EXPORT_PAGE_LINES,
): AsyncGenerator<string> {
  const pageFilters = pageFiltersOf(filters);
  let after: LogCursor | undefined;
  let sent = 0;
  for (;;) {
    // One more than the cap allows tells whether anything was left out.
    const size = Math.min(pageLines, maxLines - sent + 1);
    const rows = await logPage(db, pageFilters, after, size);
    const kept = rows.slice(0, Math.max(0, maxLines - sent));
    if (kept.length > 0) yield kept.map(exportedLine).join('');
    sent += kept.length;
    const next = rows[kept.length];
    if (next) {
      yield `${JSON.stringify({
        level: LOG_LEVEL_NUMBERS.warn,
        time: next.time.getTime(),
        cut: true,
        maxLines,
        nextTime: next.time.toISOString(),
        msg: `export cut at ${String(maxLines)} lines; the rest starts at nextTime`,
      })}\n`;
      return;
    }
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { time: last.time, id: last.id };
  }
}

/** The retention job's work: lines older than `days` before now go, in batches. */
export async function pruneOldLogLines(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  days: number,
): Promise<number> {
  const before = new Date(clock.now().getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const count = await deleteLogLinesBefore(db, before, PRUNE_BATCH);
    deleted += count;
    if (count < PRUNE_BATCH) return deleted;
  }
}
