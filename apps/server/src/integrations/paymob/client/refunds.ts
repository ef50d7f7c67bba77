/**
 * Refunds and the transaction inquiry. A refund's answer is its own transaction; an answer that
 * cannot be read leaves the refund in doubt (`unavailable`), which the inquiry settles later.
 */
import { PaymobError } from '../errors';
import type { PaymobTransaction, RefundInput } from '../interface';
import { PAYMOB_REFUND_PATH, PAYMOB_TRANSACTIONS_PATH, transactionObjSchema } from '../wire';
import type { PaymobContext } from './context';
import { isPiasters } from './intention';
import { toPaymobTransaction } from './transaction';

const assertTransactionId = (transactionId: number): void => {
  if (!Number.isSafeInteger(transactionId) || transactionId <= 0) {
    throw new PaymobError('invalid-request', 'transactionId must be a positive integer');
  }
};

/** Refunds (part of) a successful payment; the refund's transaction is also called back. */
export async function refund(ctx: PaymobContext, input: RefundInput): Promise<PaymobTransaction> {
  assertTransactionId(input.transactionId);
  if (!isPiasters(input.amountPiasters)) {
    throw new PaymobError('invalid-request', 'amountPiasters must be a positive integer');
  }
  const { status, payload } = await ctx.send(
    PAYMOB_REFUND_PATH,
    { transaction_id: input.transactionId, amount_cents: input.amountPiasters },
    'refund',
  );
  if (status < 200 || status >= 300) throw ctx.refusal('refund', status, payload, 'declined');
  // The answer is the refund's transaction, bare or wrapped like a callback.
  const candidate =
    typeof payload === 'object' && payload !== null && 'obj' in payload
      ? (payload as { obj: unknown }).obj
      : payload;
  const parsed = transactionObjSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new PaymobError('unavailable', 'Paymob refund answer unreadable', {
      providerStatus: status,
    });
  }
  const transaction = toPaymobTransaction(parsed.data);
  if (!transaction.success && !transaction.pending) {
    ctx.logger?.warn(
      { operation: 'refund', transactionId: input.transactionId, message: transaction.message },
      'Paymob declined the refund',
    );
    throw new PaymobError('declined', `Paymob declined the refund: ${transaction.message ?? ''}`);
  }
  ctx.logger?.info(
    {
      transactionId: input.transactionId,
      refundTransactionId: transaction.transactionId,
      amountPiasters: input.amountPiasters,
    },
    'Paymob refund made',
  );
  return transaction;
}

/** The transaction as it stands now (`GET /api/acceptance/transactions/{id}`). */
export async function inquireTransaction(
  ctx: PaymobContext,
  transactionId: number,
): Promise<PaymobTransaction> {
  assertTransactionId(transactionId);
  const { status, payload } = await ctx.send(
    `${PAYMOB_TRANSACTIONS_PATH}${transactionId}`,
    undefined,
    'inquiry',
    'GET',
  );
  if (status < 200 || status >= 300) {
    throw ctx.refusal('inquiry', status, payload, 'invalid-request');
  }
  const parsed = transactionObjSchema.safeParse(payload);
  if (!parsed.success) {
    throw new PaymobError('unavailable', 'Paymob inquiry answer unreadable', {
      providerStatus: status,
    });
  }
  return toPaymobTransaction(parsed.data);
}
