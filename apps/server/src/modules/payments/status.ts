import { PaymentMethod, TransactionStatus } from '@talaqa/domain';
import type { PaymentStatusAnswer, ProviderPaymentStatus, TransactionView } from '@talaqa/domain';
import type { TransactionRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FawryPayment } from '../../integrations/fawry';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { findTransactionRow, viewOfRow } from '../transactions';
import type { PaymentsContext } from './context';
import { askFawry, gatewayError } from './provider';
import { applyOutcome } from './settle';
import type { ProviderOutcome } from './settle';

/** What Fawry's word about an order means for our transaction (undefined: nothing to change). */
export function fawryOutcome(payment: FawryPayment): ProviderOutcome | undefined {
  switch (payment.state) {
    case 'paid':
      return { kind: 'paid', providerReference: payment.referenceNumber, paidAt: payment.paidAt };
    case 'failed':
      return {
        kind: 'failed',
        reason: `declined${payment.failureCode !== undefined ? `:${payment.failureCode}` : ''}`,
      };
    case 'expired':
      return { kind: 'expired' };
    case 'canceled':
      return { kind: 'canceled' };
    default:
      // unpaid: still open; refunds are made (and applied) by our refund route.
      return undefined;
  }
}

/**
 * Why Fawry's report cannot be about this transaction as we charged it, if it cannot: another
 * order, another amount (Fawry charges EGP only, so the amount is the whole check of money), or a
 * payment smaller than the order.
 */
export function fawryMismatch(payment: FawryPayment, row: TransactionRow): string | undefined {
  if (payment.merchantRefNumber !== row.orderReference) return 'merchant reference';
  if (payment.orderAmountPiasters !== row.amount) return 'order amount';
  if (payment.paymentAmountPiasters < payment.orderAmountPiasters) return 'paid amount';
  if (row.providerReference && row.providerReference !== payment.referenceNumber) {
    return 'Fawry reference';
  }
  return undefined;
}

/** The transaction, if the caller may see it: the buyer or an admin. */
export async function ownedTransaction(
  ctx: PaymentsContext,
  caller: Identity,
  id: number,
): Promise<TransactionRow> {
  const row = await findTransactionRow(ctx.db, id);
  if (!row || (!isAdmin(caller) && row.userId !== caller.userId)) {
    throw new AppError('transaction-not-found');
  }
  return row;
}

const providerStatusOf = (payment: FawryPayment): ProviderPaymentStatus => ({
  state: payment.state,
  orderStatus: payment.orderStatus,
  paidAmount: payment.paymentAmountPiasters,
  referenceNumber: payment.referenceNumber,
  paidAt: payment.paidAt?.toISOString() ?? null,
});

/** GET /fawry/payment-status: our transaction and what Fawry says now; nothing is changed. */
export async function paymentStatus(
  ctx: PaymentsContext,
  row: TransactionRow,
): Promise<PaymentStatusAnswer> {
  const payment = row.provider === 'fawry' ? await askFawry(ctx, row) : undefined;
  const view = await viewOfRow(ctx.db, row);
  return { ...view, providerStatus: payment ? providerStatusOf(payment) : null };
}

/**
 * POST /fawry/payment-status/sync (and the 3-D Secure return): asks Fawry and applies its answer
 * through the same guarded path as a notification. Paymob has no status query: its callbacks are
 * the truth, so the stored transaction is answered.
 */
export async function syncTransaction(
  ctx: PaymentsContext,
  row: TransactionRow,
): Promise<TransactionView> {
  if (row.provider === 'fawry' && row.status === TransactionStatus.New) {
    const payment = await askFawry(ctx, row);
    const mismatch = payment ? fawryMismatch(payment, row) : undefined;
    if (payment && mismatch) {
      ctx.log.error({ transactionId: row.id, mismatch }, 'Fawry status does not match the order');
    } else if (payment) {
      await applyOutcome(ctx, row.id, fawryOutcome(payment));
    }
  }
  const current = (await findTransactionRow(ctx.db, row.id)) ?? row;
  return viewOfRow(ctx.db, current);
}

const laterPayable = (row: TransactionRow): boolean =>
  row.provider === 'fawry' &&
  (row.method === PaymentMethod.Fawry || row.method === PaymentMethod.EWallet);

/**
 * POST /fawry/cancel-unpaid-order: the buyer gives up an order that is still open (New), so a new
 * checkout can start. A reference number or wallet request is cancelled at Fawry first (so it
 * can no longer be paid); if Fawry refuses because it was paid meanwhile, the payment is applied
 * instead. Any other open order (a card waiting for 3-D Secure, a Paymob checkout, one whose
 * answer never came) is checked with Fawry where it can be and closed as Canceled here: a payment
 * still made on it is refunded, as on every closed order. An order whose checkout request is
 * still running is `illegal` until it has its answer.
 */
export async function cancelUnpaidOrder(
  ctx: PaymentsContext,
  caller: Identity,
  id: number,
): Promise<TransactionView> {
  const row = await ownedTransaction(ctx, caller, id);
  if (row.userId !== caller.userId) throw new AppError('forbidden', 'Only the buyer cancels');
  if (row.status !== TransactionStatus.New) {
    throw new AppError('illegal', 'Only an open order can be cancelled');
  }
  if (!row.nextStep && (await ctx.attempts.mayBeRunning(row.attemptBy, row.id))) {
    throw new AppError('illegal', 'This checkout is still being started');
  }
  let reference = row.providerReference;
  if (row.provider === 'fawry') {
    // What Fawry says now: paid or closed meanwhile is applied, not cancelled.
    const payment = await askFawry(ctx, row);
    if (payment && !fawryMismatch(payment, row)) {
      const outcome = fawryOutcome(payment);
      if (outcome) {
        await applyOutcome(ctx, row.id, outcome);
        return viewOfRow(ctx.db, (await findTransactionRow(ctx.db, row.id)) ?? row);
      }
      reference ??= payment.referenceNumber ?? null;
    }
    if (laterPayable(row) && payment && reference) {
      try {
        await ctx.gateways.fawry.cancelUnpaidOrder({ referenceNumber: reference });
      } catch (error) {
        const view = await syncTransaction(ctx, row);
        if (view.status !== TransactionStatus.New) return view;
        throw gatewayError(error);
      }
    }
  }
  const result = await applyOutcome(ctx, row.id, { kind: 'canceled' });
  if (result.kind !== 'replay' && result.view) return result.view;
  return viewOfRow(ctx.db, (await findTransactionRow(ctx.db, row.id)) ?? row);
}

/**
 * The `payments.expire-unpaid-order` job, at an unpaid order's expiry: asks Fawry first (paid in
 * the meantime means Paid), cancels a still-open reference number or wallet request there, and
 * marks the transaction Expired. A Paymob checkout is past its own expiry by then.
 */
export async function expireUnpaidOrder(
  ctx: PaymentsContext,
  transactionId: number,
): Promise<void> {
  const row = await findTransactionRow(ctx.db, transactionId);
  if (!row || row.status !== TransactionStatus.New) return;
  if (row.provider === 'fawry') {
    const payment = await askFawry(ctx, row);
    const mismatch = payment ? fawryMismatch(payment, row) : undefined;
    if (payment && mismatch) {
      ctx.log.error({ transactionId, mismatch }, 'Fawry status does not match the order');
    } else if (payment) {
      const outcome = fawryOutcome(payment);
      if (outcome) {
        await applyOutcome(ctx, transactionId, outcome, { cancelExpiry: false });
        return;
      }
      // An order whose answer never reached us has no reference stored: Fawry's is used.
      const reference = row.providerReference ?? payment.referenceNumber;
      if (laterPayable(row) && reference) {
        try {
          await ctx.gateways.fawry.cancelUnpaidOrder({ referenceNumber: reference });
        } catch (error) {
          // Paid (or closed) at the last moment: apply what Fawry says now; else retry later.
          const again = await askFawry(ctx, row);
          const now = again && !fawryMismatch(again, row) ? fawryOutcome(again) : undefined;
          if (now) {
            await applyOutcome(ctx, transactionId, now, { cancelExpiry: false });
            return;
          }
          throw error;
        }
      }
    }
  }
  await applyOutcome(ctx, transactionId, { kind: 'expired' }, { cancelExpiry: false });
}
