import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { TransactionStatus } from '@talaqa/domain';
import type { PaymentNextStep } from '@talaqa/domain';
import type { Database } from '../../db';
import { paymentNotifications, transactions, unverifiedNotificationCounts } from '../../db/schema';
import type { TransactionRow } from '../../db/schema';
import { isOrderReference } from './references';

export type NewTransactionValues = typeof transactions.$inferInsert;
export type ProviderName = TransactionRow['provider'];

/**
 * Inserts the transaction of a checkout, unless this user already sent this idempotency key or
 * already has an open (New) order: then nothing is inserted and undefined comes back (the caller
 * answers the stored one, or refuses the second open order).
 */
export async function insertTransactionOnce(
  db: Database,
  values: NewTransactionValues,
): Promise<TransactionRow | undefined> {
  const [row] = await db.insert(transactions).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * The order a provider names by our reference (Fawry's merchantRefNumber, Paymob's
 * merchant_order_id): the new references and, for orders made before them, the row id as sent.
 */
export async function findTransactionByOrderReference(
  db: Database,
  reference: string | undefined,
): Promise<TransactionRow | undefined> {
  if (!isOrderReference(reference)) return undefined;
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.orderReference, reference));
  return row;
}

/**
 * Gives an order a new reference: Paymob refuses a special_reference it has seen, so a Paymob
 * order asked for again (a new intention) needs one. Only for an order whose earlier intention
 * never reached the browser (nobody can pay it), so no callback can come under the old one.
 */
export async function renewOrderReference(
  db: Database,
  id: number,
  reference: string,
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ orderReference: reference })
    .where(eq(transactions.id, id))
    .returning();
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

/** The student's open order (New), if any: at most one (`transactions_one_open_per_user`). */
export async function findOpenTransaction(
  db: Database,
  userId: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, TransactionStatus.New)));
  return row;
}

/**
 * Takes a New order without a next step over for this process's attempt, if its attempt is still
 * `seen` (nobody took it over meanwhile).
 */
export async function takeOverAttempt(
  db: Database,
  id: number,
  seen: number | null,
  instanceKey: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ attemptBy: instanceKey, failureReason: null })
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.status, TransactionStatus.New),
        isNull(transactions.nextStep),
        seen === null ? isNull(transactions.attemptBy) : eq(transactions.attemptBy, seen),
      ),
    )
    .returning();
  return row;
}

/** This process's attempt on the order is over (answered or not). */
export async function releaseAttempt(db: Database, id: number, instanceKey: number): Promise<void> {
  await db
    .update(transactions)
    .set({ attemptBy: null })
    .where(and(eq(transactions.id, id), eq(transactions.attemptBy, instanceKey)));
}

export async function findTransactionByKey(
  db: Database,
  userId: number,
  idempotencyKey: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.idempotencyKey, idempotencyKey)));
  return row;
}

/** What the provider answered to the checkout, kept so the same key gets the same answer. */
export async function storeProviderAnswer(
  db: Database,
  id: number,
  answer: {
    nextStep: PaymentNextStep;
    providerReference?: string | undefined;
    referenceNumber?: string | undefined;
    expiresAt?: Date | undefined;
  },
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({
      nextStep: answer.nextStep,
      ...(answer.providerReference !== undefined
        ? {
            providerReference: sql`coalesce(${transactions.providerReference}, ${answer.providerReference})`,
          }
        : {}),
      ...(answer.referenceNumber !== undefined ? { referenceNumber: answer.referenceNumber } : {}),
      ...(answer.expiresAt !== undefined ? { expiresAt: answer.expiresAt } : {}),
    })
    .where(eq(transactions.id, id))
    .returning();
  return row;
}

/** Fills in the provider's reference of an order that has none yet (nothing else changes). */
export async function noteProviderReference(
  db: Database,
  id: number,
  providerReference: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ providerReference })
    .where(and(eq(transactions.id, id), isNull(transactions.providerReference)))
    .returning();
  return row;
}

/** Notes why a provider call failed, without changing the status. */
export async function noteFailureReason(db: Database, id: number, reason: string): Promise<void> {
  await db.update(transactions).set({ failureReason: reason }).where(eq(transactions.id, id));
}

/** New -> `to`, only from New: of callbacks, syncs and retries racing, one wins. */
export async function closeUnpaid(
  db: Database,
  id: number,
  to: TransactionStatus,
  failureReason?: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ status: to, ...(failureReason !== undefined ? { failureReason } : {}) })
    .where(and(eq(transactions.id, id), eq(transactions.status, TransactionStatus.New)))
    .returning();
  return row;
}

/** New -> Paid, only from New (the one transition that grants a subscription). */
export async function markPaid(
  db: Database,
  id: number,
  paidAt: Date,
  providerReference: string | undefined,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({
      status: TransactionStatus.Paid,
      paidAt,
      failureReason: null,
      ...(providerReference !== undefined
        ? {
            providerReference: sql`coalesce(${transactions.providerReference}, ${providerReference})`,
          }
        : {}),
    })
    .where(and(eq(transactions.id, id), eq(transactions.status, TransactionStatus.New)))
    .returning();
  return row;
}

/** Statuses a refund may start from. */
export const REFUNDABLE_STATUSES: readonly TransactionStatus[] = [
  TransactionStatus.Paid,
  TransactionStatus.Processed,
  TransactionStatus.PartialRefunded,
];

/**
 * Reserves `piasters` of the refundable amount before the provider is asked, guarded on the
 * refunded amount read: of two identical requests (a double click), the second finds it changed
 * and is refused, and no refund can ever exceed what was paid.
 */
export async function reserveRefund(
  db: Database,
  row: TransactionRow,
  piasters: number,
  statuses: readonly TransactionStatus[] = REFUNDABLE_STATUSES,
): Promise<TransactionRow | undefined> {
  const [reserved] = await db
    .update(transactions)
    .set({ refundedAmount: sql`${transactions.refundedAmount} + ${piasters}` })
    .where(
      and(
        eq(transactions.id, row.id),
        inArray(transactions.status, [...statuses]),
        eq(transactions.refundedAmount, row.refundedAmount),
        sql`${transactions.refundedAmount} + ${piasters} <= ${transactions.amount}`,
      ),
    )
    .returning();
  return reserved;
}

/** Gives back a reservation whose provider refund failed. */
export async function releaseRefund(db: Database, id: number, piasters: number): Promise<void> {
  await db
    .update(transactions)
    .set({ refundedAmount: sql`greatest(${transactions.refundedAmount} - ${piasters}, 0)` })
    .where(eq(transactions.id, id));
}

/** After the provider refunded: Refunded when nothing is left, PartialRefunded otherwise. */
export async function settleRefundStatus(
  db: Database,
  id: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({
      status: sql`(case when ${transactions.refundedAmount} >= ${transactions.amount} then ${TransactionStatus.Refunded} else ${TransactionStatus.PartialRefunded} end)::smallint`,
    })
    .where(
      and(
        eq(transactions.id, id),
        inArray(transactions.status, [...REFUNDABLE_STATUSES, TransactionStatus.Refunded]),
      ),
    )
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Provider notifications

export interface NotificationValues {
  provider: ProviderName;
  eventKey: string;
  transactionId: number | null;
  verified: boolean;
  body: unknown;
}

/**
 * Records a notification. A verified event already recorded (same provider and event key) is a
 * replay: nothing is inserted and false comes back.
 */
export async function recordNotification(
  db: Database,
  values: NotificationValues,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentNotifications)
    .values({ ...values, body: values.body ?? {} })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

/** Longest excerpt kept of the last unverified notification of a day. */
export const UNVERIFIED_EXCERPT_MAX = 200;

/**
 * Counts a notification whose signature failed (one row per provider and UTC day): its body is
 * not stored, only the count, the time and a short excerpt naming the last one.
 */
export async function countUnverifiedNotification(
  db: Database,
  provider: ProviderName,
  excerpt: string,
  now: Date,
): Promise<void> {
  const lastExcerpt = excerpt.slice(0, UNVERIFIED_EXCERPT_MAX);
  await db
    .insert(unverifiedNotificationCounts)
    .values({
      provider,
      day: now.toISOString().slice(0, 10),
      count: 1,
      lastExcerpt,
      lastReceivedAt: now,
    })
    .onConflictDoUpdate({
      target: [unverifiedNotificationCounts.provider, unverifiedNotificationCounts.day],
      set: {
        count: sql`${unverifiedNotificationCounts.count} + 1`,
        lastExcerpt,
        lastReceivedAt: now,
      },
    });
}

/** The Paymob transaction id of the payment that paid our transaction (for refunds). */
export async function paidPaymobTransactionId(
  db: Database,
  transactionId: number,
): Promise<number | undefined> {
  const [found] = await db
    .select({ eventKey: paymentNotifications.eventKey })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.transactionId, transactionId),
        eq(paymentNotifications.provider, 'paymob'),
        eq(paymentNotifications.verified, true),
        like(paymentNotifications.eventKey, '%:payment:success'),
      ),
    )
    .orderBy(desc(paymentNotifications.id))
    .limit(1);
  const id = found ? Number(found.eventKey.split(':')[0]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
