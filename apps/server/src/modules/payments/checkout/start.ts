import { eq } from 'drizzle-orm';
import {
  isInstallmentCountAllowed,
  PaymentMethod,
  pricePlanPurchase,
  Role,
  TransactionStatus,
} from '@talaqa/domain';
import type { PaymentStarted } from '@talaqa/domain';
import { users } from '../../../db/schema';
import type { TransactionRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import { scheduleJob } from '../../../jobs';
import { findUserRow } from '../../accounts';
import { findActiveCoupon } from '../../coupons';
import { findPlanForPurchase } from '../../plans';
import { hasLiveSubscription } from '../../subscriptions';
import type { PaymentsContext } from '../context';
import { EXPIRE_UNPAID_ORDER_JOB } from '../context';
import { newOrderReference } from '../references';
import { findOpenTransaction, findTransactionByKey, insertTransactionOnce } from '../repo';
import { expireUnpaidOrder } from '../status';
import { UNKNOWN_OUTCOME_CHECK_MS } from './answers';
import { charge, recoverOrder } from './charge';
import { replay, runAttempt } from './replay';
import type { CheckoutOrigins, PaymentChoice, PurchaseInput } from './types';

function methodOf(choice: PaymentChoice): PaymentMethod {
  switch (choice.kind) {
    case 'card':
      return choice.installments && choice.installments > 1
        ? PaymentMethod.BankInstallment
        : PaymentMethod.Card;
    case 'reference':
      return PaymentMethod.Fawry;
    case 'wallet':
      return PaymentMethod.EWallet;
    case 'paymob':
      return PaymentMethod.Card;
  }
}

/**
 * An order's expiry job is scheduled with the order, to run this long after it unless the
 * provider's answer moves it to the order's real expiry: an order whose answer never came (the
 * process died mid-checkout, the provider did not answer) is then settled by asking the provider.
 */
const STRANDED_CHECK_MS = UNKNOWN_OUTCOME_CHECK_MS;

/**
 * The student's open order once its time is over is closed now (after asking the provider), so
 * it no longer blocks a new checkout while its job has not run yet.
 */
async function closeOpenOrderPastExpiry(ctx: PaymentsContext, userId: number, now: Date) {
  const open = await findOpenTransaction(ctx.db, userId);
  if (!open?.expiresAt || open.expiresAt.getTime() > now.getTime()) return;
  await expireUnpaidOrder(ctx, open.id).catch((error: unknown) =>
    ctx.log.warn({ err: error, transactionId: open.id }, 'could not close an expired order'),
  );
}

/**
 * Starts paying for a plan period: one service for every method. The transaction is inserted
 * first, unique per (student, idempotency key), so the same checkout sent twice (even at the same
 * moment) charges once; a student has one open order at a time (`open-payment-exists`). The
 * order's expiry job is scheduled in the same database transaction, so no order is ever left
 * without one. The provider is asked only by the request that inserted it (or took it over), and
 * its answer (the next step) is stored and replayed.
 */
export async function startPayment(
  ctx: PaymentsContext,
  userId: number,
  purchase: PurchaseInput,
  choice: PaymentChoice,
  origins: CheckoutOrigins,
): Promise<PaymentStarted> {
  const now = ctx.clock.now();
  const method = methodOf(choice);
  const provider = choice.kind === 'paymob' ? 'paymob' : 'fawry';
  const recover = (row: TransactionRow) => recoverOrder(ctx, row, choice, origins);
  const existing = await findTransactionByKey(ctx.db, userId, purchase.idempotencyKey);
  if (existing) return replay(ctx, existing, purchase, method, provider, recover);

  const user = await findUserRow(ctx.db, userId);
  if (!user || user.role !== Role.Student) throw new AppError('forbidden', 'Students pay');
  if (!user.emailVerified) throw new AppError('unverified-email');
  const mobile = user.phone ?? (choice.kind === 'wallet' ? choice.walletPhone : null);
  if (!mobile) throw new AppError('phone-required', 'The gateways need a mobile number');

  const plan = await findPlanForPurchase(ctx.db, purchase.planId, userId);
  const coupon = purchase.couponCode
    ? await findActiveCoupon(ctx.db, purchase.couponCode, now)
    : undefined;
  const installments = choice.kind === 'card' ? (choice.installments ?? 1) : 1;
  if (!isInstallmentCountAllowed(plan, purchase.period, installments)) {
    throw new AppError('illegal', 'These installments are not offered for this plan and period');
  }
  const price = pricePlanPurchase({
    plan,
    period: purchase.period,
    couponPercent: coupon?.discount,
    installments,
  });
  if (await hasLiveSubscription(ctx.db, userId, now)) throw new AppError('subscription-exists');
  await closeOpenOrderPastExpiry(ctx, userId, now);

  await ctx.attempts.ready();
  const inserted = await ctx.db.transaction(async (tx) => {
    const row = await insertTransactionOnce(tx, {
      userId,
      planId: plan.id,
      period: purchase.period,
      method,
      provider,
      status: TransactionStatus.New,
      amount: price.total,
      listPrice: price.listPrice,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      couponDiscount: price.couponDiscount,
      installments: installments > 1 ? installments : null,
      idempotencyKey: purchase.idempotencyKey,
      // What the provider will know it by: never the row id (ids repeat after a reset).
      orderReference: newOrderReference(ctx.config.env),
      attemptBy: ctx.attempts.instanceKey,
    });
    if (!row) return undefined;
    // After the insert (which waits for a payment of this student being written at this moment),
    // under the student's lock that every subscription write takes: a subscription granted since
    // the check above is seen, and this order is not written.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await hasLiveSubscription(tx, userId, now)) throw new AppError('subscription-exists');
    await scheduleJob(tx, {
      kind: EXPIRE_UNPAID_ORDER_JOB,
      key: String(row.id),
      runAt: new Date(now.getTime() + STRANDED_CHECK_MS),
      payload: { transactionId: row.id },
    });
    // Ours before anyone can read it: a retry in this process waits for this attempt.
    ctx.attempts.tryBegin(row.id);
    return row;
  });
  if (!inserted) {
    // The same key arrived at the same moment and won the insert, or another order is open.
    const winner = await findTransactionByKey(ctx.db, userId, purchase.idempotencyKey);
    if (winner) return replay(ctx, winner, purchase, method, provider, recover);
    const open = await findOpenTransaction(ctx.db, userId);
    throw new AppError(
      'open-payment-exists',
      `Another payment (transaction ${open?.id ?? '?'}) is still open: finish or cancel it first`,
    );
  }
  return runAttempt(ctx, inserted, (row) => charge(ctx, row, choice, origins));
}
