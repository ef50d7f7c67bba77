import { TransactionStatus } from '@talaqa/domain';
import type { PaymentNextStep, PaymentStarted } from '@talaqa/domain';
import type { TransactionRow } from '../../../db/schema';
import { isFawryError } from '../../../integrations/fawry';
import { isPaymobError } from '../../../integrations/paymob';
import { scheduleJob } from '../../../jobs';
import { findTransactionRow, viewOfRow } from '../../transactions';
import type { PaymentsContext } from '../context';
import { EXPIRE_UNPAID_ORDER_JOB } from '../context';
import { emitTransactionStatus } from '../events';
import { gatewayError } from '../provider';
import { closeUnpaid, noteFailureReason, storeProviderAnswer } from '../repo';
import { applyOutcome } from '../settle';

/** What a checkout answers once the provider has spoken: paid, waiting for payment, or refused. */

/** When a charge's answer never came: ask the provider what happened after this long. */
export const UNKNOWN_OUTCOME_CHECK_MS = 10 * 60_000;

export async function answer(
  ctx: PaymentsContext,
  id: number,
  next: PaymentNextStep,
): Promise<PaymentStarted> {
  const row = await findTransactionRow(ctx.db, id);
  if (!row) throw new Error(`transaction ${id} vanished`);
  return { transaction: await viewOfRow(ctx.db, row), next };
}

export async function settleAtOnce(
  ctx: PaymentsContext,
  row: TransactionRow,
  providerReference: string | undefined,
  paidAt?: Date,
): Promise<PaymentStarted> {
  await applyOutcome(ctx, row.id, { kind: 'paid', providerReference, paidAt });
  const next: PaymentNextStep = { kind: 'done' };
  await storeProviderAnswer(ctx.db, row.id, { nextStep: next, providerReference });
  return answer(ctx, row.id, next);
}

/** Stores the next step and schedules the unpaid order's closing, in one transaction. */
export async function awaitPayment(
  ctx: PaymentsContext,
  row: TransactionRow,
  next: PaymentNextStep,
  stored: { providerReference?: string; referenceNumber?: string; expiresAt: Date; checkAt: Date },
): Promise<PaymentStarted> {
  const { checkAt, ...answered } = stored;
  await ctx.db.transaction(async (tx) => {
    const updated = await storeProviderAnswer(tx, row.id, { nextStep: next, ...answered });
    if (updated?.status === TransactionStatus.New) {
      await scheduleJob(tx, {
        kind: EXPIRE_UNPAID_ORDER_JOB,
        key: String(row.id),
        runAt: checkAt,
        payload: { transactionId: row.id },
      });
    }
  });
  return answer(ctx, row.id, next);
}

/**
 * The provider refused or failed. A clear refusal closes the transaction as Failed (a declined
 * card is an answer, not an error: the checkout shows it and offers a retry with a new key). When
 * the answer never came the charge may have happened: the transaction stays New and the expiry
 * job asks the provider later.
 */
export async function providerFailed(
  ctx: PaymentsContext,
  row: TransactionRow,
  error: unknown,
): Promise<PaymentStarted> {
  const fawryKind = isFawryError(error) ? error.kind : undefined;
  const code = isFawryError(error) ? error.providerCode : undefined;
  if (fawryKind === 'unavailable') {
    await noteFailureReason(ctx.db, row.id, 'provider-unavailable');
    await scheduleJob(ctx.db, {
      kind: EXPIRE_UNPAID_ORDER_JOB,
      key: String(row.id),
      afterMs: UNKNOWN_OUTCOME_CHECK_MS,
      payload: { transactionId: row.id },
    });
    throw gatewayError(error);
  }
  const source = fawryKind ?? (isPaymobError(error) ? `paymob-${error.kind}` : 'error');
  const reason = `${source}${code !== undefined ? `:${code}` : ''}`;
  const closed = await ctx.db.transaction(async (tx) => {
    const failed = await closeUnpaid(tx, row.id, TransactionStatus.Failed, reason);
    await storeProviderAnswer(tx, row.id, { nextStep: { kind: 'done' } });
    return failed;
  });
  ctx.log.warn({ transactionId: row.id, reason, err: error }, 'payment refused by the provider');
  if (closed) emitTransactionStatus(ctx.io, await viewOfRow(ctx.db, closed));
  if (fawryKind === 'declined') return answer(ctx, row.id, { kind: 'done' });
  throw gatewayError(error);
}
