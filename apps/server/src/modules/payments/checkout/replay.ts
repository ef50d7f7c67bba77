import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionStatus } from '@talaqa/domain';
import type { PaymentMethod, PaymentNextStep, PaymentStarted } from '@talaqa/domain';
import type { TransactionRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import { findTransactionRow, viewOfRow } from '../../transactions';
import type { PaymentsContext } from '../context';
import { releaseAttempt, takeOverAttempt } from '../repo';
import type { PurchaseInput } from './types';

/**
 * The same checkout twice: the idempotency key's stored answer, the attempt that owns an order,
 * and the take-over of an order whose attempt ended without an answer.
 */

/** A second request with the same key waits this long for the first one's answer. */
const REPLAY_WAIT_MS = 20_000;
const REPLAY_POLL_MS = 100;

/** The stored answer of a transaction, for a request repeated with the same key. */
async function storedAnswer(
  ctx: PaymentsContext,
  row: TransactionRow,
): Promise<PaymentStarted | undefined> {
  if (!row.nextStep && row.status === TransactionStatus.New) return undefined;
  const view = await viewOfRow(ctx.db, row);
  const next: PaymentNextStep = row.nextStep ? (row.nextStep as PaymentNextStep) : { kind: 'done' };
  return { transaction: view, next };
}

/**
 * Runs this process's attempt on an order (already marked as ours in the set of live attempts
 * and in `attempt_by`), and lets it go however it ends.
 */
export async function runAttempt(
  ctx: PaymentsContext,
  row: TransactionRow,
  work: (row: TransactionRow) => Promise<PaymentStarted>,
): Promise<PaymentStarted> {
  try {
    return await work(row);
  } finally {
    ctx.attempts.end(row.id);
    await releaseAttempt(ctx.db, row.id, ctx.attempts.instanceKey).catch((error: unknown) =>
      ctx.log.warn({ err: error, transactionId: row.id }, 'could not release a checkout attempt'),
    );
  }
}

/**
 * The same idempotency key again: the first request's answer once it has one (a request sent
 * twice at once waits for the first while it runs), and never a second charge. An order left
 * without an answer by an attempt that is over (its process died, or the provider never
 * answered) is taken over and recovered: the provider is asked again for that same order
 * (`recover`). A key reused for another purchase is refused.
 */
export async function replay(
  ctx: PaymentsContext,
  row: TransactionRow,
  purchase: PurchaseInput,
  method: PaymentMethod,
  provider: TransactionRow['provider'],
  recover: (row: TransactionRow) => Promise<PaymentStarted>,
): Promise<PaymentStarted> {
  if (
    row.planId !== purchase.planId ||
    row.period !== purchase.period ||
    row.method !== method ||
    row.provider !== provider
  ) {
    throw new AppError('illegal', 'This idempotency key was used for another purchase');
  }
  // How long this request waits for the first attempt: a measured duration, not business time.
  // eslint-disable-next-line no-restricted-syntax -- a wait measured in real time
  const deadline = Date.now() + REPLAY_WAIT_MS;
  let current: TransactionRow | undefined = row;
  while (current) {
    const answer = await storedAnswer(ctx, current);
    if (answer) return answer;
    if (
      !(await ctx.attempts.mayBeRunning(current.attemptBy, current.id)) &&
      ctx.attempts.tryBegin(current.id)
    ) {
      let taken: TransactionRow | undefined;
      try {
        await ctx.attempts.ready();
        taken = await takeOverAttempt(
          ctx.db,
          current.id,
          current.attemptBy,
          ctx.attempts.instanceKey,
        );
      } finally {
        if (!taken) ctx.attempts.end(current.id);
      }
      if (taken) {
        ctx.log.warn({ transactionId: taken.id }, 'checkout taken over from an attempt that ended');
        return runAttempt(ctx, taken, recover);
      }
    }
    // eslint-disable-next-line no-restricted-syntax -- a wait measured in real time
    if (Date.now() > deadline) break;
    await sleep(REPLAY_POLL_MS);
    current = await findTransactionRow(ctx.db, row.id);
  }
  throw new AppError('fawry-error', 'The first request with this key has not finished');
}
