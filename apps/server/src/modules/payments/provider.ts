import type { TransactionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isFawryError } from '../../integrations/fawry';
import type { FawryPayment } from '../../integrations/fawry';
import { isPaymobError, PaymobError } from '../../integrations/paymob';
import type { PaymentsContext } from './context';
import { paidPaymobTransactionId } from './repo';

/** The calls every payment flow makes to the providers, and their failures in our words. */

/** Fawry's report of our order; undefined when Fawry has no such order. */
export async function askFawry(
  ctx: PaymentsContext,
  row: TransactionRow,
): Promise<FawryPayment | undefined> {
  try {
    return await ctx.gateways.fawry.paymentStatus(row.orderReference);
  } catch (error) {
    if (isFawryError(error) && error.kind === 'not-found') return undefined;
    throw gatewayError(error);
  }
}

/**
 * Asks the provider to give back `piasters` of the transaction's payment; answers the provider's
 * id of the refund when it gives one (Paymob's refund transaction).
 */
export async function refundAtProvider(
  ctx: PaymentsContext,
  row: TransactionRow,
  piasters: number,
  reason: string,
): Promise<string | undefined> {
  if (row.provider === 'fawry') {
    if (!row.providerReference) throw new AppError('illegal', 'No Fawry reference to refund');
    await ctx.gateways.fawry.refund({
      referenceNumber: row.providerReference,
      amountPiasters: piasters,
      reason,
    });
    return undefined;
  }
  const paymobTransactionId = await paidPaymobTransactionId(ctx.db, row.id);
  if (paymobTransactionId === undefined) {
    throw new AppError('illegal', 'No Paymob payment recorded for this transaction');
  }
  const made = await ctx.gateways.paymob.refund({
    transactionId: paymobTransactionId,
    amountPiasters: piasters,
  });
  if (made.pending) {
    // Accepted, not made yet: its callback (or the inquiry) tells.
    throw new PaymobError('unavailable', 'Paymob refund pending');
  }
  return String(made.transactionId);
}

/** A provider's failure in the catalogue's words (fawry-error is the payment gateway's fault). */
export function gatewayError(error: unknown): unknown {
  if (isFawryError(error) || isPaymobError(error)) {
    return new AppError('fawry-error', error.message, { cause: error });
  }
  return error;
}
