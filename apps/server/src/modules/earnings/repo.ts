import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { invoiceLabel, LedgerEntryKind } from '@talaqa/domain';
import type { FileUse, Role } from '@talaqa/domain';
import type {
  InvoiceChange,
  InvoiceListFilters,
  InvoiceView,
  LedgerEntry,
  WithdrawalRequest,
} from '@talaqa/domain';
import type { Database } from '../../db';
import { invoices, ledgerEntries, lessons, tutorBalances, users } from '../../db/schema';
import type { InvoiceRow, TutorBalanceRow } from '../../db/schema';

/** The receiver fields of a request as stored: the ones its method does not use are null. */
export function receiverOf(request: WithdrawalRequest): Omit<InvoiceChange, 'amount'> {
  const empty = {
    bank: null,
    phone: null,
    accountNumber: null,
    username: null,
    instapayAddress: null,
  };
  switch (request.method) {
    case 0:
      return { ...empty, method: request.method, receiver: request.phone, phone: request.phone };
    case 1:
      return {
        ...empty,
        method: request.method,
        receiver: request.username,
        bank: request.bank as InvoiceChange['bank'],
        accountNumber: request.accountNumber,
        username: request.username,
      };
    case 2:
      return {
        ...empty,
        method: request.method,
        receiver: request.instapayAddress,
        instapayAddress: request.instapayAddress,
      };
  }
}

export function toInvoiceView(row: InvoiceRow, userName: string): InvoiceView {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    amount: row.amount,
    method: row.method,
    receiver: row.receiver,
    bank: row.bank,
    phone: row.phone,
    accountNumber: row.accountNumber,
    username: row.username,
    instapayAddress: row.instapayAddress,
    status: row.status,
    label: invoiceLabel(row.status, {
      updatedByReceiver: row.updatedByReceiver,
      cancellationRequested: row.cancellationRequested,
    }),
    adminNote: row.adminNote,
    receiptImage: row.receiptImage,
    addressedBy: row.addressedBy,
    requestedChange: row.requestedChange,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Balances and the ledger (decisions 318, 320). Every function here runs in the caller's
// transaction and writes the entry and the running totals together.

type Totals = Pick<TutorBalanceRow, 'earned' | 'withdrawn' | 'pending'>;

export async function balanceOf(db: Database, tutorId: number): Promise<Totals> {
  const [row] = await db
    .select({
      earned: tutorBalances.earned,
      withdrawn: tutorBalances.withdrawn,
      pending: tutorBalances.pending,
    })
    .from(tutorBalances)
    .where(eq(tutorBalances.tutorId, tutorId));
  return row ?? { earned: 0, withdrawn: 0, pending: 0 };
}

/**
 * Credits a fulfilled lesson once: the unique (lesson, kind) entry makes a second credit (a job
 * run twice, two instances) a no-op. True when this call credited it.
 */
export async function insertLessonCredit(
  tx: Database,
  credit: { lessonId: number; tutorId: number; amount: number; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      tutorId: credit.tutorId,
      kind: LedgerEntryKind.Lesson,
      amount: credit.amount,
      lessonId: credit.lessonId,
      createdAt: credit.at,
    })
    .onConflictDoNothing({
      target: [ledgerEntries.lessonId, ledgerEntries.kind],
      where: sql`${ledgerEntries.lessonId} is not null`,
    })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  await tx
    .insert(tutorBalances)
    .values({ tutorId: credit.tutorId, earned: credit.amount, updatedAt: credit.at })
    .onConflictDoUpdate({
      target: tutorBalances.tutorId,
      set: {
        earned: sql`${tutorBalances.earned} + ${credit.amount}`,
        updatedAt: credit.at,
      },
    });
  return true;
}

/** Reverses a lesson's credit once; the amount reversed (0: never credited or already reversed). */
export async function insertLessonReversal(
  tx: Database,
  lessonId: number,
  at: Date,
): Promise<number> {
  const [credit] = await tx
    .select({ tutorId: ledgerEntries.tutorId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.lessonId, lessonId), eq(ledgerEntries.kind, LedgerEntryKind.Lesson)),
    );
  if (!credit) return 0;
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      tutorId: credit.tutorId,
      kind: LedgerEntryKind.LessonReversal,
      amount: -credit.amount,
      lessonId,
      createdAt: at,
    })
    .onConflictDoNothing({
      target: [ledgerEntries.lessonId, ledgerEntries.kind],
      where: sql`${ledgerEntries.lessonId} is not null`,
    })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return 0;
  await tx
    .update(tutorBalances)
    .set({ earned: sql`${tutorBalances.earned} - ${credit.amount}`, updatedAt: at })
    .where(eq(tutorBalances.tutorId, credit.tutorId));
  return credit.amount;
}

/**
 * Holds `amount` more of the tutor's balance, releasing `releasing` (an amount held before, when
 * a request changes) in the same step: one guarded update of the tutor's balance row. The row
 * lock queues concurrent holds and each re-reads the row it waited for, so what is held and paid
 * never passes what was earned. False when the balance does not cover it.
 */
export async function holdBalance(
  tx: Database,
  hold: { tutorId: number; amount: number; releasing: number; at: Date },
): Promise<boolean> {
  const held = await tx
    .update(tutorBalances)
    .set({
      pending: sql`${tutorBalances.pending} - ${hold.releasing} + ${hold.amount}`,
      updatedAt: hold.at,
    })
    .where(
      and(
        eq(tutorBalances.tutorId, hold.tutorId),
        sql`${tutorBalances.earned} - ${tutorBalances.withdrawn} - (${tutorBalances.pending} - ${hold.releasing}) >= ${hold.amount}`,
      ),
    )
    .returning({ tutorId: tutorBalances.tutorId });
  return held.length > 0;
}

/** Gives a held amount back (a canceled or rejected request). */
export async function releaseBalance(
  tx: Database,
  release: { tutorId: number; amount: number; at: Date },
): Promise<void> {
  await tx
    .update(tutorBalances)
    .set({ pending: sql`${tutorBalances.pending} - ${release.amount}`, updatedAt: release.at })
    .where(eq(tutorBalances.tutorId, release.tutorId));
}

/** A held amount was transferred: it moves from pending to withdrawn. */
export async function payBalance(
  tx: Database,
  paid: { tutorId: number; amount: number; at: Date },
): Promise<void> {
  await tx
    .update(tutorBalances)
    .set({
      pending: sql`${tutorBalances.pending} - ${paid.amount}`,
      withdrawn: sql`${tutorBalances.withdrawn} + ${paid.amount}`,
      updatedAt: paid.at,
    })
    .where(eq(tutorBalances.tutorId, paid.tutorId));
}

export async function insertWithdrawalEntry(
  tx: Database,
  entry: { tutorId: number; invoiceId: number; amount: number; at: Date; release: boolean },
): Promise<void> {
  await tx.insert(ledgerEntries).values({
    tutorId: entry.tutorId,
    kind: entry.release ? LedgerEntryKind.WithdrawalRelease : LedgerEntryKind.Withdrawal,
    amount: entry.release ? entry.amount : -entry.amount,
    invoiceId: entry.invoiceId,
    createdAt: entry.at,
  });
}

export async function listLedger(
  db: Database,
  tutorId: number,
  page: { page: number; size: number },
): Promise<{ list: LedgerEntry[]; total: number }> {
  const rows = await db
    .select({
      entry: ledgerEntries,
      lessonStart: lessons.startsAt,
      lessonMinutes: lessons.duration,
    })
    .from(ledgerEntries)
    .leftJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .where(eq(ledgerEntries.tutorId, tutorId))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [total] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tutorId, tutorId));
  return {
    list: rows.map(({ entry, lessonStart, lessonMinutes }) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      lessonId: entry.lessonId,
      lessonStart: lessonStart?.toISOString() ?? null,
      lessonMinutes: lessonMinutes ?? null,
      invoiceId: entry.invoiceId,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Invoices

export async function insertInvoice(
  tx: Database,
  values: typeof invoices.$inferInsert,
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice not inserted');
  return row;
}

/** Locks a request that was not deleted (`withDeleted`: or one that was). */
export async function lockInvoice(
  tx: Database,
  id: number,
  { withDeleted = false }: { withDeleted?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(withDeleted ? eq(invoices.id, id) : and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .for('update');
  return row;
}

/** Marks a locked request deleted; its ledger entries stay (decision 337). */
export async function markInvoiceDeleted(
  tx: Database,
  id: number,
  by: number,
  at: Date,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ deletedAt: at, deletedBy: by, updatedAt: at })
    .where(eq(invoices.id, id));
}

/** Writes a change to a request whose status is still `from` (the guarded update). */
export async function updateInvoice(
  tx: Database,
  id: number,
  from: InvoiceRow['status'],
  values: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.id, id), eq(invoices.status, from)))
    .returning();
  return row;
}

export async function findInvoiceView(db: Database, id: number): Promise<InvoiceView | undefined> {
  const [found] = await db
    .select({ row: invoices, userName: users.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)));
  return found ? toInvoiceView(found.row, found.userName) : undefined;
}

export async function findInvoiceByReceipt(
  db: Database,
  name: string,
): Promise<Pick<InvoiceRow, 'id' | 'userId'> | undefined> {
  const [row] = await db
    .select({ id: invoices.id, userId: invoices.userId })
    .from(invoices)
    .where(eq(invoices.receiptImage, name));
  return row;
}

export async function listInvoiceViews(
  db: Database,
  filters: InvoiceListFilters,
): Promise<{ list: InvoiceView[]; total: number }> {
  const conditions: SQL[] = [isNull(invoices.deletedAt)];
  if (filters.tutorId !== undefined) conditions.push(eq(invoices.userId, filters.tutorId));
  if (filters.status !== undefined) conditions.push(eq(invoices.status, filters.status));
  if (filters.method !== undefined) conditions.push(eq(invoices.method, filters.method));
  if (filters.from) conditions.push(gte(invoices.createdAt, filters.from));
  if (filters.to) conditions.push(lt(invoices.createdAt, filters.to));
  const where = and(...conditions);
  const rows = await db
    .select({ row: invoices, userName: users.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(filters.size)
    .offset((filters.page - 1) * filters.size);
  const [total] = await db.select({ total: count() }).from(invoices).where(where);
  return {
    list: rows.map(({ row, userName }) => toInvoiceView(row, userName)),
    total: total?.total ?? 0,
  };
}

export async function roleOf(db: Database, userId: number): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row ? (row.role as Role) : undefined;
}

/**
 * Stored files (issue 23 item 5): every transfer receipt a withdrawal request holds (those in
 * `names` only, when given), its tutor the owner. A deleted request keeps its receipt.
 */
export async function receiptFileUses(db: Database, names?: readonly string[]): Promise<FileUse[]> {
  if (names?.length === 0) return [];
  const rows = await db
    .select({ name: invoices.receiptImage, ownerId: invoices.userId })
    .from(invoices)
    .where(
      names === undefined
        ? isNotNull(invoices.receiptImage)
        : inArray(invoices.receiptImage, [...names]),
    );
  return rows.flatMap((row) =>
    row.name
      ? [
          {
            folder: 'receipts' as const,
            name: row.name,
            ownerId: row.ownerId,
            use: 'receipt' as const,
          },
        ]
      : [],
  );
}
