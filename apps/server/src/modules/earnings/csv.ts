/**
 * CSV for spreadsheets (docs/decisions/336-withdrawals-csv.md): RFC 4180 quoting, CRLF lines and
 * a byte-order mark, so Excel opens the UTF-8 Arabic as Arabic rather than as Latin-1 noise.
 */

/** The byte-order mark Excel looks for to read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell starting with one of these as a formula (`=HYPERLINK(...)`,
 * `+cmd|...`), or, for tab and carriage return, after trimming it: such a cell is written
 * after an apostrophe, which shows it as text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded against formulas, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  const guarded = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole document: the mark, then each row's cells joined by commas, CRLF after every line. */
export function csvDocument(rows: readonly (readonly (string | number | null)[])[]): string {
  return UTF8_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
