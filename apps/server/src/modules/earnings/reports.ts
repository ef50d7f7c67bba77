/**
 * Earnings reports (issue 22 item 7): a tutor's monthly statement (docs/decisions/
 * 335-monthly-statement.md) and the admins' withdrawals CSV for the bank run
 * (docs/decisions/336-withdrawals-csv.md).
 */
import {
  cairoMonthRange,
  cairoParts,
  invoiceLabel,
  LedgerEntryKind,
  piastersToEgp,
} from '@talaqa/domain';
import type {
  InvoiceExportFilters,
  Statement,
  StatementLesson,
  StatementWithdrawal,
} from '@talaqa/domain';
import {
  BANK_NAMES_AR,
  INVOICE_LABEL_NAMES_ADMIN_AR,
  WITHDRAW_METHOD_NAMES_AR,
} from '@talaqa/ui/enum-labels';
import type { ServiceContext } from '../../context';
import type { Identity } from '../../http/access';
import { csvDocument } from './csv';
import { balanceBefore, exportedInvoices, statementEntries, userName } from './reports-repo';
import type { StatementEntryRow } from './reports-repo';
import { readableTutor } from './service';

/** A row whose join came back empty breaks the ledger's check constraint: a server fault. */
function broken(row: StatementEntryRow): never {
  throw new Error(`ledger entry ${row.id} (${row.kind}) has no lesson or request`);
}

function lessonLine(row: StatementEntryRow): StatementLesson {
  if (row.lessonId === null || row.lessonStart === null || row.duration === null) broken(row);
  return {
    entryId: row.id,
    kind: row.kind as StatementLesson['kind'],
    at: row.createdAt.toISOString(),
    lessonId: row.lessonId,
    lessonStart: row.lessonStart.toISOString(),
    studentName: row.studentName ?? '',
    minutes: Math.max(0, row.duration - (row.minutesReturned ?? 0)),
    amount: row.amount,
  };
}

function withdrawalLine(row: StatementEntryRow): StatementWithdrawal {
  if (row.invoiceId === null || row.invoice === null) broken(row);
  return {
    entryId: row.id,
    kind: row.kind as StatementWithdrawal['kind'],
    at: row.createdAt.toISOString(),
    invoiceId: row.invoiceId,
    amount: row.amount,
    method: row.invoice.method,
    status: row.invoice.status,
    label: invoiceLabel(row.invoice.status, row.invoice),
  };
}

const sum = (lines: readonly { amount: number }[]): number =>
  lines.reduce((total, line) => total + line.amount, 0);

/**
 * GET /invoice/statement: the tutor's entries written in the Cairo month, split into lessons and
 * withdrawals, between the available balance before the month and after it.
 */
export async function monthlyStatement(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  query: { month: string; tutorId?: number },
): Promise<Statement> {
  const tutorId = await readableTutor(db, caller, query.tutorId ?? caller.userId);
  const range = cairoMonthRange(query.month);
  const [name, opening, rows] = await Promise.all([
    userName(db, tutorId),
    balanceBefore(db, tutorId, range.start),
    statementEntries(db, tutorId, range),
  ]);
  const lessons = rows
    .filter(
      (row) => row.kind === LedgerEntryKind.Lesson || row.kind === LedgerEntryKind.LessonReversal,
    )
    .map(lessonLine);
  const withdrawals = rows
    .filter(
      (row) =>
        row.kind === LedgerEntryKind.Withdrawal || row.kind === LedgerEntryKind.WithdrawalRelease,
    )
    .map(withdrawalLine);
  const lessonsTotal = sum(lessons);
  const withdrawalsTotal = sum(withdrawals);
  return {
    tutorId,
    tutorName: name,
    month: query.month,
    from: range.start.toISOString(),
    to: range.end.toISOString(),
    openingBalance: opening,
    closingBalance: opening + lessonsTotal + withdrawalsTotal,
    lessonsTotal,
    withdrawalsTotal,
    lessons,
    withdrawals,
  };
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** "2026-11-26 14:05", Cairo wall-clock time: a spreadsheet reads it as a date and time. */
export function cairoStamp(instant: Date): string {
  const { year, month, day, hour, minute } = cairoParts(instant);
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`;
}

export const EXPORT_HEADER = [
  'رقم الطلب',
  'رقم المعلم',
  'المعلم',
  'طريقة التحويل',
  'عنوان إنستاباي',
  'البنك',
  'رقم الحساب',
  'اسم صاحب الحساب',
  'رقم المحفظة',
  'المبلغ (جنيه)',
  'الحالة',
  'تاريخ الطلب',
  'آخر تحديث',
] as const;

/** GET /invoice/export.csv: every request matching the filters, one line each, oldest first. */
export async function withdrawalsCsv(
  { db }: Pick<ServiceContext, 'db'>,
  filters: InvoiceExportFilters,
): Promise<string> {
  const found = await exportedInvoices(db, filters);
  return csvDocument([
    EXPORT_HEADER,
    ...found.map(({ row, userName: tutor }) => [
      row.id,
      row.userId,
      tutor,
      WITHDRAW_METHOD_NAMES_AR[row.method],
      row.instapayAddress,
      row.bank === null ? null : BANK_NAMES_AR[row.bank],
      row.accountNumber,
      row.username,
      row.phone,
      // Western digits and a point: what a spreadsheet reads as a number.
      piastersToEgp(row.amount).toFixed(2),
      INVOICE_LABEL_NAMES_ADMIN_AR[invoiceLabel(row.status, row)],
      cairoStamp(row.createdAt),
      cairoStamp(row.updatedAt),
    ]),
  ]);
}
