/**
 * The server log export (issue 23 item 6; docs/decisions/350-log-export.md): every API instance
 * keeps its log lines in the database, and an admin downloads those of a time range, of every
 * instance, as one file of JSON lines (`.ndjson`) in time order. Our own path, not the spec's.
 */
import { z } from 'zod';
import { admins } from '../access';
import { endpoint } from '../contract/endpoint';
import { optionalQuery, requiredOr } from '../contract/query-fields';
import { textSchema } from '../validation';

/** pino's levels, least to most severe, with the numbers its lines carry. */
export const LOG_LEVEL_NUMBERS = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
} as const;
export type LogLevelName = keyof typeof LOG_LEVEL_NUMBERS;
export const LOG_LEVEL_NAMES = Object.keys(LOG_LEVEL_NUMBERS) as LogLevelName[];

/** Arabic names of the levels, for the admin's form. */
export const LOG_LEVEL_LABELS: Record<LogLevelName, string> = {
  trace: 'تتبّع تفصيلي (trace)',
  debug: 'تشخيص (debug)',
  info: 'معلومات (info)',
  warn: 'تحذيرات (warn)',
  error: 'أخطاء (error)',
  fatal: 'أعطال قاتلة (fatal)',
};

/** The export's media type: JSON lines. */
export const LOG_EXPORT_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** The widest range one export may ask for. */
export const LOG_EXPORT_MAX_DAYS = 7;
const MAX_RANGE_MS = LOG_EXPORT_MAX_DAYS * 24 * 60 * 60 * 1000;

/** An instance id as ServerStats samples carry it. */
export const LOG_INSTANCE_MAX_LENGTH = 80;

/** A required instant with its offset in a query string, as a Date. */
const requiredInstant = () =>
  z.iso.datetime({ offset: true, error: requiredOr() }).transform((value) => new Date(value));

/**
 * GET /logs/export: the range [from, to) is required, `from` before `to` (`log-range-reversed`)
 * and at most LOG_EXPORT_MAX_DAYS wide (`log-range-too-long`); `level` keeps that level and the
 * more severe ones; `instance` one instance's lines.
 */
export const logExportQuerySchema = z
  .object({
    from: requiredInstant(),
    to: requiredInstant(),
    level: optionalQuery(z.enum(LOG_LEVEL_NAMES, { error: 'invalid-type' })),
    instance: optionalQuery(
      textSchema().trim().min(1, 'invalid-type').max(LOG_INSTANCE_MAX_LENGTH, 'invalid-type'),
    ),
  })
  .superRefine((query, context) => {
    // Run even when a field failed: then there is no range to check.
    if (!(query.from instanceof Date) || !(query.to instanceof Date)) return;
    const span = query.to.getTime() - query.from.getTime();
    if (span <= 0) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'log-range-reversed' });
    } else if (span > MAX_RANGE_MS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'log-range-too-long' });
    }
  });
export type LogExportQuery = z.input<typeof logExportQuerySchema>;
export type LogExportFilters = z.output<typeof logExportQuerySchema>;

/** `talaqa-logs-20261127T0100Z-20261127T0300Z.ndjson`: the range in UTC, safe in any file system. */
export function logExportFileName(from: Date, to: Date): string {
  const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-:]/g, '') + 'Z';
  return `talaqa-logs-${stamp(from)}-${stamp(to)}.ndjson`;
}

export const logEndpoints = {
  export: endpoint({
    method: 'GET',
    path: '/logs/export',
    summary: 'The server log of every instance for a time range, as a file (admins; extension)',
    description:
      `JSON lines (${LOG_EXPORT_CONTENT_TYPE}), one per log line as the server wrote it (secrets ` +
      `redacted), oldest first, from every instance. At most ${String(LOG_EXPORT_MAX_DAYS)} days ` +
      'per export; past the line cap the last line says the file was cut ' +
      '(`{"cut":true,...}`).',
    access: admins,
    query: logExportQuerySchema,
    // A file: the admin's browser reads it as a blob and saves it, never as one long string.
    responses: { 200: z.file().meta({ description: 'The log lines, one JSON object a line' }) },
  }),
};
