import { and, asc, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { planSummaryOf, TransactionStatus } from '@talaqa/domain';
import type {
  PaymentMethod,
  PaymentProvider,
  PlanPeriod,
  TransactionListFilters,
  TransactionView,
} from '@talaqa/domain';
import type { Database } from '../../db';
import { plans, refunds, transactions, users } from '../../db/schema';
import type { RefundRow, TransactionRow } from '../../db/schema';

/** A transaction row with what its view shows beside it. */
export interface TransactionWithNames {
  row: TransactionRow;
  userName: string;
  planWeeklyMinutes: number | null;
  /** Its open refund (requested or in doubt), if any: at most one. */
  openRefund?: Pick<RefundRow, 'amount' | 'state' | 'createdAt'> | null;
}

/** The row as screens show it: an unpaid order's expiry only while it can still be paid. */
export function toTransactionView({
  row,
  userName,
  planWeeklyMinutes,
  openRefund,
}: TransactionWithNames): TransactionView {
  return {
    id: row.id,
    userId: row.userId,
    amount: row.amount,
    status: row.status as TransactionStatus,
    method: row.method as PaymentMethod,
    planId: row.planId,
    period: row.period as PlanPeriod | null,
    referenceNumber: row.referenceNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userName,
    plan:
      row.planId !== null && planWeeklyMinutes !== null
        ? planSummaryOf({ id: row.planId, weeklyMinutes: planWeeklyMinutes })
        : null,
    provider: row.provider as PaymentProvider,
    providerReference: row.providerReference,
    orderReference: row.orderReference,
    refundedAmount: row.refundedAmount,
    couponCode: row.couponCode,
    installments: row.installments,
    expiresAt:
      row.status === TransactionStatus.New && row.expiresAt ? row.expiresAt.toISOString() : null,
    openRefund:
      openRefund && (openRefund.state === 'requested' || openRefund.state === 'in-doubt')
        ? {
            amount: openRefund.amount,
            state: openRefund.state,
            requestedAt: openRefund.createdAt.toISOString(),
          }
        : null,
  };
}

function selectWithNames(db: Database) {
  return (
    db
      .select({
        row: transactions,
        userName: users.name,
        planWeeklyMinutes: plans.weeklyMinutes,
        openRefund: { amount: refunds.amount, state: refunds.state, createdAt: refunds.createdAt },
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(plans, eq(plans.id, transactions.planId))
      // At most one open refund per transaction (refunds_one_open_per_transaction).
      .leftJoin(
        refunds,
        and(
          eq(refunds.transactionId, transactions.id),
          inArray(refunds.state, ['requested', 'in-doubt']),
        ),
      )
  );
}

export async function findTransactionRow(
  db: Database,
  id: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

export async function findTransactionView(
  db: Database,
  id: number,
): Promise<TransactionView | undefined> {
  const [found] = await selectWithNames(db).where(eq(transactions.id, id));
  return found ? toTransactionView(found) : undefined;
}

/** The view of a row already read (after an update), with its names. */
export async function viewOfRow(db: Database, row: TransactionRow): Promise<TransactionView> {
  const view = await findTransactionView(db, row.id);
  if (!view) throw new Error(`transaction ${row.id} vanished`);
  return view;
}

export async function listTransactionViews(
  db: Database,
  filters: TransactionListFilters,
): Promise<{ list: TransactionView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.userId !== undefined) conditions.push(eq(transactions.userId, filters.userId));
  if (filters.planId !== undefined) conditions.push(eq(transactions.planId, filters.planId));
  if (filters.status !== undefined) conditions.push(eq(transactions.status, filters.status));
  if (filters.method !== undefined) conditions.push(eq(transactions.method, filters.method));
  if (filters.from) conditions.push(gte(transactions.createdAt, filters.from));
  if (filters.to) conditions.push(lt(transactions.createdAt, filters.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = filters.order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    selectWithNames(db)
      .where(where)
      .orderBy(order(transactions.createdAt), order(transactions.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { list: rows.map(toTransactionView), total: totals[0]?.total ?? 0 };
}

/** The user's newest transaction, or null. */
export async function lastTransactionView(
  db: Database,
  userId: number,
): Promise<TransactionView | null> {
  const [found] = await selectWithNames(db)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return found ? toTransactionView(found) : null;
}
