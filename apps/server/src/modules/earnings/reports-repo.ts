/**
 * The SQL of the earnings reports (docs/decisions/335, 336): read-only, over the ledger and the
 * withdrawal requests the rest of this module writes.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceExportFilters, LedgerEntryKind } from '@talaqa/domain';
import type { Database } from '../../db';
import { invoices, ledgerEntries, lessons, users } from '../../db/schema';
import type { InvoiceRow } from '../../db/schema';

const student = alias(users, 'statement_student');

export async function userName(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** The sum of the tutor's entries written before `before`: the available balance then. */
export async function balanceBefore(db: Database, tutorId: number, before: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tutorId, tutorId), lt(ledgerEntries.createdAt, before)));
  return Number(row?.total ?? 0);
}

export interface StatementEntryRow {
  id: number;
  kind: LedgerEntryKind;
  amount: number;
  createdAt: Date;
  lessonId: number | null;
  lessonStart: Date | null;
  duration: number | null;
  minutesReturned: number | null;
  studentName: string | null;
  invoiceId: number | null;
  invoice: Pick<
    InvoiceRow,
    'status' | 'method' | 'updatedByReceiver' | 'cancellationRequested'
  > | null;
}

/** The tutor's entries written in [start, end), oldest first, with their lesson or request. */
export async function statementEntries(
  db: Database,
  tutorId: number,
  range: { start: Date; end: Date },
): Promise<StatementEntryRow[]> {
  const rows = await db
    .select({
      entry: ledgerEntries,
      lessonStart: lessons.startsAt,
      duration: lessons.duration,
      minutesReturned: lessons.minutesReturned,
      studentName: student.name,
      status: invoices.status,
      method: invoices.method,
      updatedByReceiver: invoices.updatedByReceiver,
      cancellationRequested: invoices.cancellationRequested,
    })
    .from(ledgerEntries)
    .leftJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .leftJoin(student, eq(student.id, lessons.studentId))
    .leftJoin(invoices, eq(invoices.id, ledgerEntries.invoiceId))
    .where(
      and(
        eq(ledgerEntries.tutorId, tutorId),
        gte(ledgerEntries.createdAt, range.start),
        lt(ledgerEntries.createdAt, range.end),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows.map((row) => ({
    id: row.entry.id,
    kind: row.entry.kind,
    amount: row.entry.amount,
    createdAt: row.entry.createdAt,
    lessonId: row.entry.lessonId,
    lessonStart: row.lessonStart,
    duration: row.duration,
    minutesReturned: row.minutesReturned,
    studentName: row.studentName,
    invoiceId: row.entry.invoiceId,
    invoice:
      row.status === null || row.method === null
        ? null
        : {
            status: row.status,
            method: row.method,
            updatedByReceiver: row.updatedByReceiver ?? false,
            cancellationRequested: row.cancellationRequested ?? false,
          },
  }));
}

/**
 * Every request matching GET /invoice's filters (the same conditions as `listInvoiceViews`),
 * oldest first, with its tutor's name: the bank run wants them all, not a page.
 */
export async function exportedInvoices(
  db: Database,
  filters: InvoiceExportFilters,
): Promise<{ row: InvoiceRow; userName: string }[]> {
  const conditions: SQL[] = [];
  if (filters.tutorId !== undefined) conditions.push(eq(invoices.userId, filters.tutorId));
  if (filters.status !== undefined) conditions.push(eq(invoices.status, filters.status));
  if (filters.method !== undefined) conditions.push(eq(invoices.method, filters.method));
  if (filters.from) conditions.push(gte(invoices.createdAt, filters.from));
  if (filters.to) conditions.push(lt(invoices.createdAt, filters.to));
  return db
    .select({ row: invoices, userName: users.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}
