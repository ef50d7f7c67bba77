/**
 * Earnings reports (issue 22 item 7; our extensions): a tutor's monthly statement
 * (docs/decisions/335-monthly-statement.md) and the admins' CSV of withdrawal requests for the
 * bank run (docs/decisions/336-withdrawals-csv.md).
 */
import { z } from 'zod';
import { ADMIN_ROLES, rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { instantSchema, queryId } from '../contract/query-fields';
import { WITHDRAW_METHODS } from '../enums';
import { idField } from '../payments/fields';
import { INVOICE_LABELS, INVOICE_STATUSES } from '../statuses';
import { CAIRO_MONTH_PATTERN } from '../time';
import { LedgerEntryKind } from './rules';
import { tutorsAndAdmins } from './contract';
import { invoiceListQuerySchema } from './validation';

/** `?month=YYYY-MM` (a Cairo month) and, for admins, `tutorId`; a tutor reads their own. */
export const statementQuerySchema = z.object({
  month: z.string({ error: 'required' }).regex(CAIRO_MONTH_PATTERN, { error: 'invalid-type' }),
  tutorId: queryId(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

const signedPiasters = z.number().int();

/** A lesson credited this month, or the reversal of one (a negative amount). */
export const statementLessonSchema = z.object({
  entryId: idField,
  kind: z.enum([LedgerEntryKind.Lesson, LedgerEntryKind.LessonReversal]),
  /** When the ledger entry was written: what puts it in this month. */
  at: instantSchema,
  lessonId: idField,
  lessonStart: instantSchema,
  studentName: z.string(),
  /** Minutes taught (the lesson's length less the minutes given back to the student). */
  minutes: z.number().int().nonnegative(),
  amount: signedPiasters,
});
export type StatementLesson = z.output<typeof statementLessonSchema>;

/** A withdrawal's movement this month: held when asked for (-), given back when it ended (+). */
export const statementWithdrawalSchema = z.object({
  entryId: idField,
  kind: z.enum([LedgerEntryKind.Withdrawal, LedgerEntryKind.WithdrawalRelease]),
  at: instantSchema,
  invoiceId: idField,
  amount: signedPiasters,
  method: z.literal(WITHDRAW_METHODS),
  /** The request's status and label now (a request held in one month may be paid in the next). */
  status: z.literal(INVOICE_STATUSES),
  label: z.literal(INVOICE_LABELS),
});
export type StatementWithdrawal = z.output<typeof statementWithdrawalSchema>;

/**
 * GET /invoice/statement: one tutor's Cairo month of the ledger. Balances are the available
 * balance (earned - withdrawn - held): opening + lessons + withdrawals = closing.
 */
export const statementSchema = z.object({
  tutorId: idField,
  tutorName: z.string(),
  month: z.string(),
  /** The month's first instant (inclusive) and the next month's (exclusive). */
  from: instantSchema,
  to: instantSchema,
  openingBalance: signedPiasters,
  closingBalance: signedPiasters,
  /** The sums of the two lists' amounts. */
  lessonsTotal: signedPiasters,
  withdrawalsTotal: signedPiasters,
  /** Oldest first. */
  lessons: z.array(statementLessonSchema),
  withdrawals: z.array(statementWithdrawalSchema),
});
export type Statement = z.output<typeof statementSchema>;

/** GET /invoice/export.csv: the filters of GET /invoice, every matching request (no pages). */
export const invoiceExportQuerySchema = invoiceListQuerySchema.omit({ page: true, size: true });
export type InvoiceExportQuery = z.input<typeof invoiceExportQuerySchema>;
export type InvoiceExportFilters = z.output<typeof invoiceExportQuerySchema>;

export const invoiceReportEndpoints = {
  statement: endpoint({
    method: 'GET',
    path: '/invoice/statement',
    summary: 'A tutor’s monthly statement: lessons credited, withdrawals, balances (extension)',
    description:
      'A Cairo month (`YYYY-MM`) of the ledger: every lesson credited or reversed, every ' +
      'withdrawal held or given back, the opening and closing available balance. Tutors read ' +
      'their own; admins name the tutor.',
    access: tutorsAndAdmins,
    query: statementQuerySchema,
    responses: { 200: statementSchema },
    errors: ['forbidden', 'tutor-not-found'],
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/invoice/export.csv',
    summary: 'Withdrawal requests as a CSV file for the bank run (admins; extension)',
    description:
      'UTF-8 with a byte-order mark, comma-separated, one line per request matching the filters ' +
      'of GET /invoice, oldest first. Cells that a spreadsheet would run as a formula are ' +
      'prefixed with an apostrophe.',
    access: rolesOnly(...ADMIN_ROLES),
    query: invoiceExportQuerySchema,
    responses: { 200: z.string().meta({ description: 'The CSV document' }) },
    contentType: 'text/csv; charset=utf-8',
  }),
};
