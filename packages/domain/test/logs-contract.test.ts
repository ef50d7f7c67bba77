import { describe, expect, it } from 'vitest';
import { LOG_EXPORT_MAX_DAYS, logExportFileName, logExportQuerySchema } from '../src';

/** GET /logs/export's query (decision 350): the rules the server and the admin's form share. */
const FROM = '2026-11-27T01:00:00.000Z';
const hoursAfter = (hours: number) =>
  new Date(new Date(FROM).getTime() + hours * 3_600_000).toISOString();

const codesOf = (query: Record<string, unknown>) => {
  const read = logExportQuerySchema.safeParse(query);
  return read.success
    ? []
    : read.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('the log export query', () => {
  it('reads a range, a level and an instance', () => {
    expect(
      logExportQuerySchema.parse({ from: FROM, to: hoursAfter(2), level: 'warn', instance: ' a ' }),
    ).toEqual({ from: new Date(FROM), to: new Date(hoursAfter(2)), level: 'warn', instance: 'a' });
    // A form's empty fields are absent.
    expect(
      logExportQuerySchema.parse({ from: FROM, to: hoursAfter(1), level: '', instance: '' }),
    ).toEqual({ from: new Date(FROM), to: new Date(hoursAfter(1)) });
  });

  it('requires both ends, in order, at most a week apart', () => {
    expect(codesOf({})).toEqual(['from:required', 'to:required']);
    expect(codesOf({ from: 'soon', to: hoursAfter(1) })).toEqual(['from:invalid-type']);
    expect(codesOf({ from: FROM, to: FROM })).toEqual(['to:log-range-reversed']);
    expect(codesOf({ from: hoursAfter(1), to: FROM })).toEqual(['to:log-range-reversed']);
    expect(codesOf({ from: FROM, to: hoursAfter(24 * LOG_EXPORT_MAX_DAYS) })).toEqual([]);
    expect(
      codesOf({ from: FROM, to: new Date(new Date(hoursAfter(168)).getTime() + 1).toISOString() }),
    ).toEqual(['to:log-range-too-long']);
    expect(codesOf({ from: FROM, to: hoursAfter(1), level: 'loud' })).toEqual([
      'level:invalid-type',
    ]);
  });

  it('names the file by the range in UTC', () => {
    expect(logExportFileName(new Date(FROM), new Date('2026-11-27T03:30:00+02:00'))).toBe(
      'talaqa-logs-20261127T0100Z-20261127T0130Z.ndjson',
    );
  });
});
