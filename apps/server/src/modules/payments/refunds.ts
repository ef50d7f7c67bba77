import { TransactionStatus } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { AppError } from '../../errors';
import { refundApplied } from '../subscriptions/service';
import { findTransactionRow, viewOfRow } from '../transactions/repo';
import type { PaymentsContext } from './context';
import { emitTransactionStatus } from './events';
import { releaseRefund, REFUNDABLE_STATUSES, reserveRefund, settleRefundStatus } from './repo';
import { gatewayError, refundAtProvider } from './settle';

export interface RefundInput {
  transactionId: number;
  /** Piasters; absent for everything that remains. */
  amount?: number | undefined;
  reason: string;
  /** The refunded amount the admin saw; a refund made since then refuses this one. */
  expectedRefundedAmount?: number | undefined;
}

/**
 * POST /fawry/refund (admins): gives back all that remains of a payment, or part of it, through
 * the provider that took it. The amount is reserved first by a guarded update on the refunded
 * amount as the admin saw it (a double click is refused, a refund never exceeds what was paid),
 * released again if the provider refuses; then the status becomes Refunded or PartialRefunded and
 * the subscription is told, in one transaction.
 */
export async function refundTransaction(
  ctx: PaymentsContext,
  input: RefundInput,
): Promise<TransactionView> {
  const row = await findTransactionRow(ctx.db, input.transactionId);
  if (!row) throw new AppError('transaction-not-found');
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
  const reserved = await reserveRefund(ctx.db, row, piasters);
  if (!reserved) throw new AppError('illegal', 'The transaction changed meanwhile; reload it');
  try {
    await refundAtProvider(ctx, row, piasters, input.reason);
  } catch (error) {
    await releaseRefund(ctx.db, row.id, piasters);
    ctx.log.warn({ err: error, transactionId: row.id }, 'refund refused by the provider');
    throw gatewayError(error);
  }
  const settled = await ctx.db.transaction(async (tx) => {
    const updated = await settleRefundStatus(tx, row.id);
    if (updated) {
      await refundApplied(tx, updated, piasters, updated.status === TransactionStatus.Refunded);
    }
    return updated;
  });
  ctx.log.info(
    { transactionId: row.id, refundPiasters: piasters, reason: input.reason },
    'payment refunded',
  );
  const view = await viewOfRow(ctx.db, settled ?? reserved);
  emitTransactionStatus(ctx.io, view);
  return view;
}
