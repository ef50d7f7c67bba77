import { and, eq, inArray, sql } from 'drizzle-orm';
import { TransactionStatus } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import type { Database } from '../../db';
import { refunds } from '../../db/schema';
import type { RefundRow, TransactionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isFawryError } from '../../integrations/fawry';
import type { FawryPayment } from '../../integrations/fawry';
import { isPaymobError } from '../../integrations/paymob';
import { scheduleJob } from '../../jobs';
import { refundApplied } from '../subscriptions';
import { recordAdminAction } from '../audit';
import { findTransactionRow, viewOfRow } from '../transactions';
import type { PaymentsContext } from './context';
import { CHECK_REFUND_JOB } from './context';
import { emitTransactionStatus } from './events';
import { schedulePaymentNotices } from './notices';
import {
  paidPaymobTransactionId,
  releaseRefund,
  REFUNDABLE_STATUSES,
  reserveRefund,
  settleRefundStatus,
} from './repo';
import { askFawry, gatewayError, refundAtProvider } from './provider';

export interface RefundInput {
  transactionId: number;
  /** Piasters; absent for everything that remains. */
  amount?: number | undefined;
  reason: string;
  /** The refunded amount the admin saw; a refund made since then refuses this one. */
  expectedRefundedAmount?: number | undefined;
}

/** Who asked for a refund: an admin, or the automatic refund of a payment without minutes. */
export type RefundOrigin = RefundRow['origin'];

const OPEN_STATES: RefundRow['state'][] = ['requested', 'in-doubt'];

/** The first status question about an in-doubt refund; later ones back off (the job runner's). */
export const REFUND_CHECK_FIRST_MS = 30_000;
/** Status questions before the job gives up (the refund then stays in doubt, for an admin). */
export const REFUND_CHECK_ATTEMPTS = 15;
/**
 * A provider that shows no trace of the refund this long after it was sent has not made it: the
 * refund is refused and its amount freed. Before that, "not refunded" may only be "not yet".
 */
export const REFUND_SETTLE_GRACE_MS = 2 * 60_000;

export type RefundResult =
  | { kind: 'done'; row: TransactionRow | undefined }
  | { kind: 'refused'; error: unknown }
  | { kind: 'in-doubt'; refund: RefundRow };

/** A refund of this transaction is open (requested or in doubt): no other may be sent. */
export class RefundInDoubtError extends AppError {
  constructor() {
    super(
      'refund-in-doubt',
      'A refund of this transaction awaits the provider’s confirmation; no other can be sent',
    );
  }
}

/**
 * Whether a failed refund call surely moved no money: refused before anything was sent (no
 * reference), or a readable refusal from the provider. Everything else (timeout, network, 5xx,
 * an answer we cannot read, a pending refund) may have refunded: in doubt.
 */
function surelyRefused(error: unknown): boolean {
  if (error instanceof AppError) return true;
  if (isFawryError(error)) return error.kind !== 'unavailable';
  if (isPaymobError(error)) return error.kind === 'declined' || error.kind === 'invalid-request';
  return false;
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

/**
 * Sends a refund the one way money leaves: the refund row (at most one open per transaction,
 * `refunds_one_open_per_transaction`) and the reservation on refunded_amount are written in one
 * database transaction before the provider is asked; then the provider's answer makes it done or
 * refused, and no readable answer leaves it in doubt with its status job scheduled.
 */
export async function sendRefund(
  ctx: PaymentsContext,
  row: TransactionRow,
  piasters: number,
  reason: string,
  origin: RefundOrigin,
  statuses: readonly TransactionStatus[] = REFUNDABLE_STATUSES,
  /** The admin who asked for it: the audit row is written with the refund's (decision 340). */
  adminId?: number,
): Promise<RefundResult> {
  const opened = await ctx.db
    .transaction(async (tx) => {
      const [refund] = await tx
        .insert(refunds)
        .values({
          transactionId: row.id,
          amount: piasters,
          refundedBefore: row.refundedAmount,
          origin,
          reason,
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) throw new RefundInDoubtError();
      const reserved = await reserveRefund(tx, row, piasters, statuses);
      if (!reserved) throw new AppError('illegal', 'The transaction changed meanwhile; reload it');
      if (adminId !== undefined) {
        await recordAdminAction(
          tx,
          {
            actorId: adminId,
            action: 'refund.request',
            targetId: row.id,
            details: { refundId: refund.id, amount: piasters, reason },
          },
          ctx.clock.now(),
        );
      }
      return refund;
    })
    .catch(async (error: unknown) => {
      // Two requests racing: the loser may see the winner's reservation before its refund row.
      if (
        error instanceof AppError &&
        error.code === 'illegal' &&
        (await openRefundOf(ctx.db, row.id))
      ) {
        throw new RefundInDoubtError();
      }
      throw error;
    });
  let providerRefundId: string | undefined;
  try {
    providerRefundId = await refundAtProvider(ctx, row, piasters, reason);
  } catch (error) {
    if (surelyRefused(error)) {
      await settleRefund(ctx, opened.id, 'refused', errorText(error));
      return { kind: 'refused', error };
    }
    const refund = await markInDoubt(ctx, opened.id, errorText(error));
    if (!refund) {
      // The provider's notification settled it while the call was still running.
      const [settled] = await ctx.db.select().from(refunds).where(eq(refunds.id, opened.id));
      if (settled?.state === 'done') return { kind: 'done', row: undefined };
      return { kind: 'refused', error };
    }
    ctx.log.error(
      { err: error, transactionId: row.id, refundId: opened.id, refundPiasters: piasters },
      'refund sent without a readable answer: in doubt until the provider settles it',
    );
    return { kind: 'in-doubt', refund };
  }
  const settled = await settleRefund(ctx, opened.id, 'done', null, providerRefundId);
  return { kind: 'done', row: settled };
}

async function openRefundOf(db: Database, transactionId: number): Promise<RefundRow | undefined> {
  const [open] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), inArray(refunds.state, OPEN_STATES)));
  return open;
}

/** requested -> in-doubt, with its status job, in one database transaction. */
async function markInDoubt(
  ctx: PaymentsContext,
  refundId: number,
  lastError: string,
): Promise<RefundRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({ state: 'in-doubt', lastError })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, 'requested')))
      .returning();
    if (refund) {
      await scheduleJob(tx, {
        kind: CHECK_REFUND_JOB,
        key: String(refundId),
        afterMs: REFUND_CHECK_FIRST_MS,
        payload: { refundId },
        maxAttempts: REFUND_CHECK_ATTEMPTS,
      });
    }
    return refund;
  });
}

/**
 * An open refund becomes done or refused, once: the guarded update on its state lets one of the
 * answer, the status job and the notification win. Done settles the transaction's status (and
 * tells the subscription of an admin's refund); refused gives the reservation back.
 */
export async function settleRefund(
  ctx: PaymentsContext,
  refundId: number,
  to: 'done' | 'refused',
  lastError: string | null,
  providerRefundId?: string,
  byHand?: ManualSettlement,
): Promise<TransactionRow | undefined> {
  return (await settleRefundOnce(ctx, refundId, to, lastError, providerRefundId, byHand))?.row;
}

/** An admin's settlement of a refund in doubt: who, and what the provider's dashboard showed. */
export interface ManualSettlement {
  adminId: number;
  note: string;
}

/**
 * settleRefund's one guarded update; undefined when this call did not settle it (already
 * settled, or, by hand, not in doubt).
 */
async function settleRefundOnce(
  ctx: PaymentsContext,
  refundId: number,
  to: 'done' | 'refused',
  lastError: string | null,
  providerRefundId?: string,
  byHand?: ManualSettlement,
): Promise<{ refund: RefundRow; row: TransactionRow | undefined } | undefined> {
  const result = await ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({
        state: to,
        settledAt: sql`now()`,
        ...(lastError !== null ? { lastError } : {}),
        ...(providerRefundId !== undefined ? { providerRefundId } : {}),
        ...(byHand ? { settledBy: byHand.adminId, settleNote: byHand.note } : {}),
      })
      .where(
        and(
          eq(refunds.id, refundId),
          // By hand only a refund in doubt: one still `requested` has its call running.
          byHand ? eq(refunds.state, 'in-doubt') : inArray(refunds.state, OPEN_STATES),
        ),
      )
      .returning();
    if (!refund) return undefined;
    if (byHand) {
      await recordAdminAction(
        tx,
        {
          actorId: byHand.adminId,
          action: 'refund.settle',
          targetId: refund.transactionId,
          details: { refundId: refund.id, outcome: to, note: byHand.note },
        },
        ctx.clock.now(),
      );
    }
    if (to === 'refused') {
      await releaseRefund(tx, refund.transactionId, refund.amount);
      return { refund, row: await findTransactionRow(tx, refund.transactionId) };
    }
    let row: TransactionRow | undefined;
    if (refund.origin === 'admin') {
      row = await settleRefundStatus(tx, refund.transactionId);
      if (row) {
        await refundApplied(
          tx,
          row,
          refund.amount,
          row.status === TransactionStatus.Refunded,
          ctx.clock.now(),
        );
      }
    } else if (refund.origin === 'conflict') {
      row = await settleRefundStatus(tx, refund.transactionId);
    }
    if (row) {
      // Refunded or PartialRefunded by this settlement, which happens once per refund.
      await schedulePaymentNotices(tx, row.id, {
        event: 'refunded',
        refundId: refund.id,
        amount: refund.amount,
        total: refund.refundedBefore + refund.amount,
        at: refund.settledAt ?? ctx.clock.now(),
      });
    }
    return { refund, row: row ?? (await findTransactionRow(tx, refund.transactionId)) };
  });
  if (!result) return undefined;
  const { refund, row } = result;
  if (byHand) {
    ctx.log.warn(
      {
        transactionId: refund.transactionId,
        refundId,
        refundPiasters: refund.amount,
        state: to,
        adminId: byHand.adminId,
        note: byHand.note,
      },
      to === 'done'
        ? 'refund in doubt settled by hand: refunded'
        : 'refund in doubt settled by hand: not refunded, amount given back',
    );
  } else {
    ctx.log.info(
      { transactionId: refund.transactionId, refundId, refundPiasters: refund.amount, state: to },
      to === 'done' ? 'payment refunded' : 'refund refused by the provider',
    );
  }
  if (row) emitTransactionStatus(ctx.io, await viewOfRow(ctx.db, row));
  return result;
}

/** The transaction has no refund in doubt to settle by hand (none open, or its call runs). */
export class RefundNotInDoubtError extends AppError {
  constructor(message: string) {
    super('refund-not-in-doubt', message);
  }
}

/**
 * POST /tx/{id}/refund/settle (admins): the transaction's refund in doubt, which the status job
 * could not settle, becomes done or refused on the admin's word after checking the provider's
 * dashboard, through the same guarded update as the job and the notifications (so once). Who,
 * when and the note are kept on the refund. Anything but a refund in doubt answers
 * `refund-not-in-doubt` (409).
 */
export async function settleRefundByHand(
  ctx: PaymentsContext,
  transactionId: number,
  outcome: 'done' | 'refused',
  byHand: ManualSettlement,
): Promise<TransactionView> {
  const row = await findTransactionRow(ctx.db, transactionId);
  if (!row) throw new AppError('transaction-not-found');
  const open = await openRefundOf(ctx.db, transactionId);
  if (!open) throw new RefundNotInDoubtError('No refund of this transaction is in doubt');
  if (open.state !== 'in-doubt') {
    throw new RefundNotInDoubtError('The refund’s provider call is still running; wait for it');
  }
  const settled = await settleRefundOnce(
    ctx,
    open.id,
    outcome,
    outcome === 'refused' ? 'settled by hand: not refunded at the provider' : null,
    undefined,
    byHand,
  );
  if (!settled) throw new RefundNotInDoubtError('The refund was settled meanwhile; reload it');
  return viewOfRow(ctx.db, settled.row ?? (await findTransactionRow(ctx.db, row.id)) ?? row);
}

/**
 * POST /fawry/refund (admins): gives back all that remains of a payment, or part of it, through
 * the provider that took it (see sendRefund). A refund whose answer never came answers
 * `refund-in-doubt` (409), as does any refund asked while one is open.
 */
export async function refundTransaction(
  ctx: PaymentsContext,
  input: RefundInput,
  adminId: number,
): Promise<TransactionView> {
  const row = await findTransactionRow(ctx.db, input.transactionId);
  if (!row) throw new AppError('transaction-not-found');
  if (await openRefundOf(ctx.db, row.id)) throw new RefundInDoubtError();
  if (!REFUNDABLE_STATUSES.includes(row.status as TransactionStatus)) {
    throw new AppError('illegal', 'Only a paid transaction can be refunded');
  }
  if (
    input.expectedRefundedAmount !== undefined &&
    input.expectedRefundedAmount !== row.refundedAmount
  ) {
    throw new AppError('illegal', 'Refunded meanwhile: reload the transaction');
  }
  const remaining = row.amount - row.refundedAmount;
  const piasters = input.amount ?? remaining;
  if (piasters <= 0 || piasters > remaining) {
    throw new AppError('illegal', `At most ${remaining} piasters remain to refund`);
  }
  const result = await sendRefund(
    ctx,
    row,
    piasters,
    input.reason,
    'admin',
    REFUNDABLE_STATUSES,
    adminId,
  );
  if (result.kind === 'refused') {
    ctx.log.warn({ err: result.error, transactionId: row.id }, 'refund refused by the provider');
    throw gatewayError(result.error);
  }
  if (result.kind === 'in-doubt') {
    emitTransactionStatus(
      ctx.io,
      await viewOfRow(ctx.db, (await findTransactionRow(ctx.db, row.id)) ?? row),
    );
    throw new RefundInDoubtError();
  }
  return viewOfRow(ctx.db, result.row ?? (await findTransactionRow(ctx.db, row.id)) ?? row);
}

// ---------------------------------------------------------------------------------------------
// Settling a refund in doubt

/** What a provider shows of a payment's refunds. */
export interface RefundEvidence {
  /** Piasters refunded in all, when the provider says (Paymob); undefined when it does not. */
  refundedTotal: number | undefined;
  /** Fawry's order status: REFUNDED (all), PARTIAL_REFUNDED (some), or neither. */
  state: 'refunded' | 'partially-refunded' | 'not-refunded';
  /** A refund transaction of this many piasters was made (Paymob's refund callback)... */
  refundAmount?: number | undefined;
  /** ... with this id: one already counted settles nothing else. */
  providerRefundId?: string | undefined;
}

export type RefundVerdict = 'done' | 'refused' | 'wait';

/**
 * What the provider's word means for an open refund (pure). Done when a refund transaction of
 * its amount is reported (Paymob's refund callback), or when the provider's refunded
 * total covers what was refunded before plus this refund (Paymob's `refunded_amount_cents`), or
 * when Fawry's order is REFUNDED, or PARTIAL_REFUNDED while nothing was refunded before (Fawry's
 * status does not give the amount: a second partial refund cannot be told from the first, so it
 * waits for an admin). Refused when the provider shows nothing beyond what was refunded before,
 * once the grace has passed. Anything else waits.
 */
export function refundVerdict(
  refund: Pick<RefundRow, 'amount' | 'refundedBefore' | 'createdAt'>,
  evidence: RefundEvidence,
  now: Date,
): RefundVerdict {
  const graceOver = now.getTime() - refund.createdAt.getTime() >= REFUND_SETTLE_GRACE_MS;
  if (evidence.refundAmount !== undefined) {
    return evidence.refundAmount === refund.amount ? 'done' : 'wait';
  }
  if (evidence.refundedTotal !== undefined) {
    if (evidence.refundedTotal >= refund.refundedBefore + refund.amount) return 'done';
    if (evidence.refundedTotal <= refund.refundedBefore) return graceOver ? 'refused' : 'wait';
    return 'wait';
  }
  if (evidence.state === 'refunded') return 'done';
  if (evidence.state === 'partially-refunded') return refund.refundedBefore === 0 ? 'done' : 'wait';
  return refund.refundedBefore === 0 && graceOver ? 'refused' : 'wait';
}

export const fawryRefundEvidence = (payment: FawryPayment): RefundEvidence => ({
  refundedTotal: undefined,
  state:
    payment.state === 'refunded' || payment.state === 'partially-refunded'
      ? payment.state
      : 'not-refunded',
});

/** Asks the provider how the transaction's payment stands; undefined when it cannot tell. */
async function askRefundEvidence(
  ctx: PaymentsContext,
  row: TransactionRow,
): Promise<RefundEvidence | undefined> {
  if (row.provider === 'fawry') {
    const payment = await askFawry(ctx, row);
    return payment ? fawryRefundEvidence(payment) : undefined;
  }
  const paymobTransactionId = await paidPaymobTransactionId(ctx.db, row.id);
  if (paymobTransactionId === undefined) return undefined;
  const payment = await ctx.gateways.paymob.inquireTransaction(paymobTransactionId);
  return {
    refundedTotal: payment.refundedPiasters,
    state: payment.refunded ? 'partially-refunded' : 'not-refunded',
  };
}

/**
 * Applies the provider's word (a notification, a status answer) to the transaction's open
 * refund. `mayRefuse` is false for notifications: only a status question asked after the grace
 * frees the amount. A refund still `requested` (its call still running) is settled by a
 * notification that shows it done, never refused. Returns the verdict, or undefined when no
 * refund was open (or the reported refund was already counted).
 */
export async function settleOpenRefund(
  ctx: PaymentsContext,
  transactionId: number,
  evidence: RefundEvidence,
  mayRefuse: boolean,
  now: Date = ctx.clock.now(),
): Promise<RefundVerdict | undefined> {
  const open = await openRefundOf(ctx.db, transactionId);
  if (!open) return undefined;
  if (evidence.providerRefundId !== undefined) {
    const [counted] = await ctx.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.transactionId, transactionId),
          eq(refunds.providerRefundId, evidence.providerRefundId),
        ),
      );
    if (counted) return undefined;
  }
  const verdict = refundVerdict(open, evidence, now);
  if (verdict === 'done') {
    await settleRefund(ctx, open.id, 'done', null, evidence.providerRefundId);
  } else if (verdict === 'refused' && mayRefuse && open.state === 'in-doubt') {
    await settleRefund(ctx, open.id, 'refused', 'the provider shows no such refund');
  }
  return verdict;
}

/**
 * The `payments.check-refund` job: asks the provider about a refund in doubt. Still undecided, it
 * throws, and the job runner asks again later with its backoff; after REFUND_CHECK_ATTEMPTS the
 * refund stays in doubt for an admin (logged as an error).
 */
export async function checkRefundInDoubt(
  ctx: PaymentsContext,
  refundId: number,
  attempt: { number: number; max: number },
): Promise<void> {
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund || refund.state !== 'in-doubt') return;
  await ctx.db
    .update(refunds)
    .set({ checks: sql`${refunds.checks} + 1` })
    .where(eq(refunds.id, refundId));
  const row = await findTransactionRow(ctx.db, refund.transactionId);
  if (!row) return;
  const evidence = await askRefundEvidence(ctx, row);
  const verdict = evidence ? await settleOpenRefund(ctx, row.id, evidence, true) : 'wait';
  if (verdict === 'done' || verdict === 'refused' || verdict === undefined) return;
  if (attempt.number >= attempt.max) {
    ctx.log.error(
      { transactionId: row.id, refundId },
      'refund still in doubt after every status question: an admin must check it at the provider',
    );
  }
  throw new Error(`refund ${refundId} still in doubt`);
}
