import { eq } from 'drizzle-orm';
import { PlanPeriod } from '@talaqa/domain';
import type { PaidPlanPeriod, PaymentStarted } from '@talaqa/domain';
import { plans } from '../../../db/schema';
import type { TransactionRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import { findUserRow } from '../../accounts';
import type { PaymentsContext } from '../context';
import { askFawry } from '../provider';
import { newOrderReference } from '../references';
import { renewOrderReference, storeProviderAnswer } from '../repo';
import { applyOutcome } from '../settle';
import type { ProviderOutcome } from '../settle';
import { fawryMismatch, fawryOutcome } from '../status';
import { answer, settleAtOnce } from './answers';
import { startFawry } from './fawry';
import { startPaymob } from './paymob';
import type { ChargeOrder, CheckoutOrigins, PaymentChoice } from './types';

/** Asking the provider to charge an order: the first time, or again to recover it. */

const PERIOD_NAMES: Record<PaidPlanPeriod, string> = {
  [PlanPeriod.Month]: 'شهر',
  [PlanPeriod.Quarter]: '٣ أشهر',
  [PlanPeriod.Year]: 'سنة',
};

const description = (weeklyMinutes: number, period: PaidPlanPeriod): string =>
  `اشتراك طلاقة: ${weeklyMinutes} دقيقة أسبوعيًا لمدة ${PERIOD_NAMES[period]}`;

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
    customer: { mobile, email: user.email, name: user.name },
    description: description(plan?.weeklyMinutes ?? 0, period),
    origins,
  };
}

/** Asks the provider for the order's next step (the first attempt, or a recovery). */
export async function charge(
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
 * same order under a new reference (the first one's address never reached the browser, and
 * Paymob refuses a special_reference it has seen). Fawry is asked first what it
 * knows of the order (our id is its merchant reference), so nothing is charged twice: a payment
 * or a refusal it already has is applied; an unpaid reference number or wallet request is asked
 * for again (Fawry answers the same one); a card waiting for a 3-D Secure challenge whose address
 * was lost is closed as Failed (the student pays again with a new key; a payment still made on
 * it is refunded as on any closed order); an order Fawry does not know is charged now.
 */
export async function recoverOrder(
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
  if (row.provider === 'paymob' && row.amount > 0) {
    // The first intention used this reference, and Paymob refuses a special_reference twice.
    const renewed = await renewOrderReference(ctx.db, row.id, newOrderReference(ctx.config.env));
    return charge(ctx, renewed, choice, origins);
  }
  return charge(ctx, row, choice, origins);
}
