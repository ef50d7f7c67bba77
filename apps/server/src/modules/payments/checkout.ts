import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import {
  API_PREFIX,
  isInstallmentCountAllowed,
  PaymentMethod,
  PlanPeriod,
  pricePlanPurchase,
  Role,
  TransactionStatus,
} from '@talaqa/domain';
import type { PaidPlanPeriod, PaymentNextStep, PaymentStarted } from '@talaqa/domain';
import { plans, users } from '../../db/schema';
import type { TransactionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isFawryError } from '../../integrations/fawry';
import { isPaymobError } from '../../integrations/paymob';
import type { FawryCustomer, FawryItem } from '../../integrations/fawry';
import { scheduleJob } from '../../jobs';
import { findUserRow } from '../accounts';
import { findActiveCoupon } from '../coupons';
import { findPlanForPurchase } from '../plans';
import { hasLiveSubscription } from '../subscriptions';
import { findTransactionRow, viewOfRow } from '../transactions';
import type { PaymentsContext } from './context';
import { EXPIRE_UNPAID_ORDER_JOB } from './context';
import { newOrderReference } from './references';
import { askFawry, gatewayError } from './provider';
import { expireUnpaidOrder, fawryMismatch, fawryOutcome } from './status';
import { emitTransactionStatus } from './events';
import {
  closeUnpaid,
  findOpenTransaction,
  findTransactionByKey,
  insertTransactionOnce,
  noteFailureReason,
  releaseAttempt,
  storeProviderAnswer,
  takeOverAttempt,
} from './repo';
import { applyOutcome } from './settle';
import type { ProviderOutcome } from './settle';

/** How long an unpaid order can be paid (docs/decisions/106-unpaid-order-lifetimes.md). */
export const REFERENCE_LIFETIME_MS = 48 * 3_600_000;
export const WALLET_LIFETIME_MS = 3_600_000;
export const THREE_D_SECURE_LIFETIME_MS = 30 * 60_000;
export const PAYMOB_LIFETIME_SECONDS = 3_600;
/** A Paymob checkout is closed this long after it stops working, so late callbacks still land. */
export const PAYMOB_GRACE_MS = 15 * 60_000;
/** When a charge's answer never came: ask the provider what happened after this long. */
export const UNKNOWN_OUTCOME_CHECK_MS = 10 * 60_000;
/** A second request with the same key waits this long for the first one's answer. */
const REPLAY_WAIT_MS = 20_000;
const REPLAY_POLL_MS = 100;

export interface PurchaseInput {
  planId: number;
  period: PaidPlanPeriod;
  couponCode?: string | undefined;
  idempotencyKey: string;
}

/** How the student chose to pay. */
export type PaymentChoice =
  | {
      kind: 'card';
      cardToken: string;
      cvv: string;
      /** The web app's page the browser comes back to after 3-D Secure. */
      returnUrl: string;
      /** Bank installments; absent to pay at once. */
      installments?: number;
    }
  | { kind: 'reference' }
  | { kind: 'wallet'; walletPhone: string }
  | { kind: 'paymob' };

export interface CheckoutOrigins {
  /** The API as the browser reaches it (3-D Secure comes back here). */
  browserApi: string;
  /** The API as the gateways' servers reach it (notifications); undefined: configured there. */
  callbacks: string | undefined;
  /** The web app of this browser (Paymob sends the browser back there). */
  web: string;
}

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

const PERIOD_NAMES: Record<PaidPlanPeriod, string> = {
  [PlanPeriod.Month]: 'شهر',
  [PlanPeriod.Quarter]: '٣ أشهر',
  [PlanPeriod.Year]: 'سنة',
};

const description = (weeklyMinutes: number, period: PaidPlanPeriod): string =>
  `اشتراك طلاقة: ${weeklyMinutes} دقيقة أسبوعيًا لمدة ${PERIOD_NAMES[period]}`;

/**
 * An order's expiry job is scheduled with the order, to run this long after it unless the
 * provider's answer moves it to the order's real expiry: an order whose answer never came (the
 * process died mid-checkout, the provider did not answer) is then settled by asking the provider.
 */
const STRANDED_CHECK_MS = UNKNOWN_OUTCOME_CHECK_MS;

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
async function runAttempt(
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
async function replay(
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
    if (Date.now() > deadline) break;
    await sleep(REPLAY_POLL_MS);
    current = await findTransactionRow(ctx.db, row.id);
  }
  throw new AppError('fawry-error', 'The first request with this key has not finished');
}

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

/** The order as the providers are told about it (customer, description). */
async function chargeOrderOf(
  ctx: PaymentsContext,
  row: TransactionRow,
  choice: PaymentChoice,
  origins: CheckoutOrigins,
): Promise<ChargeOrder> {
  const user = await findUserRow(ctx.db, row.userId);
  if (!user) throw new AppError('user-not-found');
  const mobile = user.phone ?? (choice.kind === 'wallet' ? choice.walletPhone : null);
  if (!mobile) throw new AppError('phone-required', 'The gateways need a mobile number');
  const [plan] =
    row.planId === null
      ? []
      : await ctx.db
          .select({ weeklyMinutes: plans.weeklyMinutes })
          .from(plans)
          .where(eq(plans.id, row.planId));
  const period = (row.period ?? PlanPeriod.Month) as PaidPlanPeriod;
  return {
    row,
    customer: { profileId: String(user.id), mobile, email: user.email, name: user.name },
    description: description(plan?.weeklyMinutes ?? 0, period),
    origins,
  };
}

/** Asks the provider for the order's next step (the first attempt, or a recovery). */
async function charge(
  ctx: PaymentsContext,
  row: TransactionRow,
  choice: PaymentChoice,
  origins: CheckoutOrigins,
): Promise<PaymentStarted> {
  // A 100 % coupon: nothing to charge, the subscription is granted at once.
  if (row.amount === 0) return settleAtOnce(ctx, row, undefined);
  const order = await chargeOrderOf(ctx, row, choice, origins);
  return row.provider === 'paymob' ? startPaymob(ctx, order) : startFawry(ctx, order, choice);
}

/**
 * Recovers an order whose first attempt ended without an answer. Paymob: a new intention for the
 * same order (the first one's address never reached the browser). Fawry is asked first what it
 * knows of the order (our id is its merchant reference), so nothing is charged twice: a payment
 * or a refusal it already has is applied; an unpaid reference number or wallet request is asked
 * for again (Fawry answers the same one); a card waiting for a 3-D Secure challenge whose address
 * was lost is closed as Failed (the student pays again with a new key; a payment still made on
 * it is refunded as on any closed order); an order Fawry does not know is charged now.
 */
async function recoverOrder(
  ctx: PaymentsContext,
  row: TransactionRow,
  choice: PaymentChoice,
  origins: CheckoutOrigins,
): Promise<PaymentStarted> {
  if (row.provider === 'fawry' && row.amount > 0) {
    const payment = await askFawry(ctx, row);
    if (payment) {
      const mismatch = fawryMismatch(payment, row);
      if (mismatch) {
        ctx.log.error({ transactionId: row.id, mismatch }, 'Fawry status does not match the order');
        throw new AppError('fawry-error', 'Fawry reports another order under this reference');
      }
      const outcome: ProviderOutcome | undefined =
        fawryOutcome(payment) ??
        (choice.kind === 'card' ? { kind: 'failed', reason: 'stranded-3ds' } : undefined);
      if (outcome) {
        await applyOutcome(ctx, row.id, outcome);
        await storeProviderAnswer(ctx.db, row.id, { nextStep: { kind: 'done' } });
        return answer(ctx, row.id, { kind: 'done' });
      }
    }
  }
  return charge(ctx, row, choice, origins);
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

interface ChargeOrder {
  row: TransactionRow;
  customer: FawryCustomer & { name: string };
  description: string;
  origins: CheckoutOrigins;
}

const items = (order: ChargeOrder): FawryItem[] => [
  {
    itemId: `plan-${order.row.planId ?? 0}-${order.row.period ?? 0}`,
    description: order.description,
    pricePiasters: order.row.amount,
    quantity: 1,
  },
];

async function answer(
  ctx: PaymentsContext,
  id: number,
  next: PaymentNextStep,
): Promise<PaymentStarted> {
  const row = await findTransactionRow(ctx.db, id);
  if (!row) throw new Error(`transaction ${id} vanished`);
  return { transaction: await viewOfRow(ctx.db, row), next };
}

async function settleAtOnce(
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
async function awaitPayment(
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
async function providerFailed(
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
      runAt: new Date(Date.now() + UNKNOWN_OUTCOME_CHECK_MS),
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

async function startFawry(
  ctx: PaymentsContext,
  order: ChargeOrder,
  choice: PaymentChoice,
): Promise<PaymentStarted> {
  const { fawry } = ctx.gateways;
  const { row } = order;
  const merchantRefNum = row.orderReference;
  const base = {
    merchantRefNum,
    customer: order.customer,
    amountPiasters: row.amount,
    description: order.description,
    items: items(order),
    // The simulator is told its notification URL once we listen, as Fawry's dashboard is.
    ...(order.origins.callbacks && !ctx.gateways.simulators
      ? { orderWebHookUrl: `${order.origins.callbacks}${API_PREFIX}/fawry/notification` }
      : {}),
  };
  const now = Date.now();
  try {
    if (choice.kind === 'card') {
      const returnUrl = new URL(`${order.origins.browserApi}${API_PREFIX}/fawry/return`);
      returnUrl.searchParams.set('tx', String(row.id));
      returnUrl.searchParams.set('to', choice.returnUrl);
      const card = {
        ...base,
        cardToken: choice.cardToken,
        cvv: choice.cvv,
        returnUrl: returnUrl.href,
        enable3DS: true,
      };
      const installments = row.installments ?? 1;
      const result =
        installments > 1
          ? await fawry.payByInstallments({
              ...card,
              installmentPlanId: await installmentPlanId(ctx, installments, row.amount),
            })
          : await fawry.payByCardToken(card);
      if (result.kind === 'paid')
        return settleAtOnce(ctx, row, result.referenceNumber, result.paidAt);
      const expiresAt = new Date(now + THREE_D_SECURE_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        { kind: 'redirect', url: result.redirectUrl },
        {
          ...(result.referenceNumber ? { providerReference: result.referenceNumber } : {}),
          expiresAt,
          checkAt: expiresAt,
        },
      );
    }
    if (choice.kind === 'reference') {
      const result = await fawry.payByReferenceNumber({
        ...base,
        expiresAt: new Date(now + REFERENCE_LIFETIME_MS),
      });
      const expiresAt = result.expiresAt ?? new Date(now + REFERENCE_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        {
          kind: 'reference',
          referenceNumber: result.referenceNumber,
          expiresAt: expiresAt.toISOString(),
        },
        {
          providerReference: result.referenceNumber,
          referenceNumber: result.referenceNumber,
          expiresAt,
          checkAt: expiresAt,
        },
      );
    }
    if (choice.kind === 'wallet') {
      const result = await fawry.payByWallet({
        ...base,
        walletMobile: choice.walletPhone,
        expiresAt: new Date(now + WALLET_LIFETIME_MS),
      });
      const expiresAt = result.expiresAt ?? new Date(now + WALLET_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        {
          kind: 'wallet',
          walletPhone: choice.walletPhone,
          redirectUrl: null,
          expiresAt: expiresAt.toISOString(),
        },
        { providerReference: result.referenceNumber, expiresAt, checkAt: expiresAt },
      );
    }
    throw new Error(`not a Fawry method: ${choice.kind}`);
  } catch (error) {
    if (error instanceof AppError) {
      await ctx.db.transaction(async (tx) => {
        await closeUnpaid(tx, row.id, TransactionStatus.Failed, error.code);
        await storeProviderAnswer(tx, row.id, { nextStep: { kind: 'done' } });
      });
      throw error;
    }
    return providerFailed(ctx, row, error);
  }
}

/** The merchant's bank installment plan of this many months that takes this amount. */
async function installmentPlanId(
  ctx: PaymentsContext,
  months: number,
  piasters: number,
): Promise<number> {
  const plans = await ctx.gateways.fawry.installmentPlans();
  const plan = plans.find(
    (p) => p.months === months && p.minPiasters <= piasters && piasters <= p.maxPiasters,
  );
  if (!plan) throw new AppError('illegal', `No ${months}-month installment plan for this amount`);
  return plan.id;
}

async function startPaymob(ctx: PaymentsContext, order: ChargeOrder): Promise<PaymentStarted> {
  const { row } = order;
  const callbacks = order.origins.callbacks ?? order.origins.browserApi;
  const webReturn = new URL(
    `/checkout/${row.planId ?? 0}/${row.period ?? 0}`,
    `${order.origins.web}/`,
  );
  webReturn.searchParams.set('tx', String(row.id));
  try {
    const intention = await ctx.gateways.paymob.createIntention({
      amountPiasters: row.amount,
      merchantReference: row.orderReference,
      customer: {
        name: order.customer.name,
        email: order.customer.email,
        phone: order.customer.mobile,
      },
      items: [{ name: order.description, amountPiasters: row.amount, quantity: 1 }],
      notificationUrl: `${callbacks}${API_PREFIX}/paymob/callback`,
      redirectionUrl: webReturn.href,
      expirationSeconds: PAYMOB_LIFETIME_SECONDS,
      extras: { transactionId: row.id },
    });
    const expiresAt = new Date(Date.now() + PAYMOB_LIFETIME_SECONDS * 1000);
    return awaitPayment(
      ctx,
      row,
      { kind: 'redirect', url: intention.checkoutUrl },
      {
        providerReference: String(intention.paymobOrderId),
        expiresAt,
        checkAt: new Date(expiresAt.getTime() + PAYMOB_GRACE_MS),
      },
    );
  } catch (error) {
    return providerFailed(ctx, row, error);
  }
}
