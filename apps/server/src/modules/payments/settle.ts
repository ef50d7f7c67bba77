import { TransactionStatus } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import type { Database } from '../../db';
import type { TransactionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { cancelJobs } from '../../jobs';
import { activatePaidTransaction } from '../subscriptions';
import { findTransactionRow, viewOfRow } from '../transactions';
import type { PaymentsContext } from './context';
import { EXPIRE_UNPAID_ORDER_JOB } from './context';
import { emitTransactionStatus } from './events';
import { closeUnpaid, markPaid, noteProviderReference, recordNotification } from './repo';
import { schedulePaymentNotices } from './notices';
import { sendRefund } from './refunds';
import type { NotificationValues } from './repo';

/** What a provider says became of an unpaid order. */
export type ProviderOutcome =
  | { kind: 'paid'; providerReference?: string | undefined; paidAt?: Date | undefined }
  | { kind: 'failed'; reason: string }
  | { kind: 'expired' }
  | { kind: 'canceled' };

export type ApplyResult =
  /** A verified event already applied: nothing was done. */
  | { kind: 'replay' }
  /** The transaction changed (the buyer was told). */
  | { kind: 'applied'; view: TransactionView }
  /** Nothing to change: the transaction already stood there (or was settled otherwise). */
  | { kind: 'unchanged'; view: TransactionView | undefined };

const CLOSED_STATUS = {
  failed: TransactionStatus.Failed,
  expired: TransactionStatus.Expired,
  canceled: TransactionStatus.Canceled,
} as const;

const CLOSED_UNPAID: readonly number[] = [
  TransactionStatus.Failed,
  TransactionStatus.Expired,
  TransactionStatus.Canceled,
];

type Follow = 'none' | 'refund-conflict' | 'refund-late';

interface Transition {
  row: TransactionRow | undefined;
  changed: boolean;
  follow: Follow;
}

/**
 * One guarded transition, inside the caller's database transaction. New -> Paid grants the
 * subscription in the same transaction; when the student already holds an overlapping one the
 * payment stays Paid without minutes and is refunded in full after commit. A payment reported
 * for an order we had already closed (expired, cancelled, failed) is refunded too: money is never
 * kept without minutes.
 */
async function transition(
  tx: Database,
  id: number,
  outcome: ProviderOutcome,
  now: Date,
  cancelExpiry: boolean,
): Promise<Transition> {
  if (outcome.kind === 'paid') {
    const paid = await markPaid(tx, id, outcome.paidAt ?? now, outcome.providerReference);
    if (paid) {
      if (cancelExpiry) await cancelJobs(tx, EXPIRE_UNPAID_ORDER_JOB, String(id));
      // The receipt: this guarded New -> Paid happens once, whichever path reports the payment.
      await schedulePaymentNotices(tx, paid.id, { event: 'paid' });
      const activation = await activatePaidTransaction(tx, paid, now);
      const conflict = activation.kind === 'conflict';
      return { row: paid, changed: true, follow: conflict ? 'refund-conflict' : 'none' };
    }
    let current = await findTransactionRow(tx, id);
    const late = current !== undefined && CLOSED_UNPAID.includes(current.status);
    if (late && current && !current.providerReference && outcome.providerReference) {
      // Closed before the provider's answer reached us (a stranded checkout): its reference is
      // what the refund needs.
      current = (await noteProviderReference(tx, id, outcome.providerReference)) ?? current;
    }
    return { row: current, changed: false, follow: late ? 'refund-late' : 'none' };
  }
  const reason = outcome.kind === 'failed' ? outcome.reason : undefined;
  const closed = await closeUnpaid(tx, id, CLOSED_STATUS[outcome.kind], reason);
  if (closed) {
    if (cancelExpiry) await cancelJobs(tx, EXPIRE_UNPAID_ORDER_JOB, String(id));
    return { row: closed, changed: true, follow: 'none' };
  }
  return { row: await findTransactionRow(tx, id), changed: false, follow: 'none' };
}

export interface ApplyOptions {
  /** The verified provider event that reports it; a replay of it changes nothing. */
  notification?: Omit<NotificationValues, 'transactionId' | 'verified'>;
  now?: Date;
  /** False when called by the expiry job itself. */
  cancelExpiry?: boolean;
}

/**
 * Applies what a provider reported (a notification, a status query, the charge answer) through
 * the one guarded path, records the event in the same database transaction, tells the buyer after
 * commit, and refunds a payment that cannot give minutes.
 */
export async function applyOutcome(
  ctx: PaymentsContext,
  transactionId: number,
  outcome: ProviderOutcome | undefined,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const now = options.now ?? ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<Transition | 'replay'> => {
    if (options.notification) {
      const fresh = await recordNotification(tx, {
        ...options.notification,
        transactionId,
        verified: true,
      });
      if (!fresh) return 'replay';
    }
    if (!outcome) {
      return { row: await findTransactionRow(tx, transactionId), changed: false, follow: 'none' };
    }
    return transition(tx, transactionId, outcome, now, options.cancelExpiry ?? true);
  });
  if (result === 'replay') return { kind: 'replay' };
  const { row, changed, follow } = result;
  if (!row) return { kind: 'unchanged', view: undefined };
  if (follow !== 'none') {
    await refundUngranted(ctx, row, follow).catch((error: unknown) => {
      // Left Paid (or closed) with money taken: visible to admins, who refund by hand.
      ctx.log.error(
        { err: error, transactionId: row.id },
        'a payment that gave no minutes could not be refunded',
      );
    });
  }
  const view = await viewOfRow(ctx.db, (await findTransactionRow(ctx.db, row.id)) ?? row);
  if (changed || follow !== 'none') emitTransactionStatus(ctx.io, view);
  return changed ? { kind: 'applied', view } : { kind: 'unchanged', view };
}

/**
 * Refunds in full a payment that gave no minutes: the refund row and the reservation on
 * refunded_amount make sure it happens once, whichever path noticed it first; a refund left in
 * doubt is settled by its status job.
 */
async function refundUngranted(
  ctx: PaymentsContext,
  row: TransactionRow,
  why: Exclude<Follow, 'none'>,
): Promise<void> {
  const statuses =
    why === 'refund-conflict' ? [TransactionStatus.Paid] : (CLOSED_UNPAID as TransactionStatus[]);
  const fresh = (await findTransactionRow(ctx.db, row.id)) ?? row;
  if (fresh.refundedAmount !== 0 || fresh.amount === 0) return;
  const reason =
    why === 'refund-conflict'
      ? 'Subscription already active: payment returned'
      : 'Payment arrived after the order was closed: payment returned';
  const result = await sendRefund(
    ctx,
    fresh,
    fresh.amount,
    reason,
    why === 'refund-conflict' ? 'conflict' : 'late',
    statuses,
  ).catch((error: unknown) => {
    // Another path reserved it first (or holds an open refund): it is being refunded.
    if (
      error instanceof AppError &&
      (error.code === 'illegal' || error.code === 'refund-in-doubt')
    ) {
      return undefined;
    }
    throw error;
  });
  if (!result) return;
  if (result.kind === 'refused') throw result.error;
  ctx.log.warn(
    { transactionId: fresh.id, why, refund: result.kind },
    'payment refunded in full: it gave no minutes',
  );
}
