/**
 * The price of a plan purchase, written once and used by the checkout screen (what the student
 * sees) and the server (what the student is charged). Money is whole piasters throughout.
 *
 * Rounding and order (see money.ts for the rounding rule itself):
 *  1. listPrice   = baseMonthPrice x months of the period (exact, no rounding).
 *  2. periodPrice = listPrice less the plan's discount for that period, rounded once to a whole
 *                   piaster (halves away from zero) by `applyPercentDiscount`.
 *  3. total       = periodPrice less the coupon's percent, rounded once the same way. A coupon
 *                   applies to the already discounted period price (discounts compound; they are
 *                   never added up as percents).
 *  The discounts are the differences, so listPrice = periodDiscount + couponDiscount + total
 *  holds exactly. Bank installments split the total into whole piasters that add up to it
 *  exactly: equal parts, the remainder piasters one each on the first payments. `perMonth` is for
 *  display only ("about X a month"), the total divided by the months, rounded the same way.
 *
 * The free trial is never paid for: every amount is 0 and it cannot be split.
 */

import type { Coupon, Piasters, Plan } from './entities';
import {
  PLAN_INSTALLMENTS,
  PLAN_NAMES,
  PLAN_PERIOD_MONTHS,
  PLAN_WEEKLY_MINUTES,
  PlanName,
  PlanPeriod,
} from './enums';
import { applyPercentDiscount, assertPiasters, roundHalfAwayFromZero } from './money';

/** What pricing reads from a plan. The Plan entity and a plan form's values both fit. */
export type PricedPlan = Pick<
  Plan,
  'weeklyMinutes' | 'baseMonthPrice' | 'monthDiscount' | 'quarterDiscount' | 'yearDiscount'
>;

/** The periods a student pays for; the free trial is granted, never bought. */
export const PAID_PLAN_PERIODS = [PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.Year] as const;
export type PaidPlanPeriod = (typeof PAID_PLAN_PERIODS)[number];

export const isPaidPlanPeriod = (period: PlanPeriod): period is PaidPlanPeriod =>
  period !== PlanPeriod.FreeTrial;

/** Every installment count any plan offers (2, 3 and 4), for the body schema's first check. */
export const INSTALLMENT_COUNTS: readonly number[] = Object.freeze(
  [...new Set(Object.values(PLAN_INSTALLMENTS).flat())].sort((a, b) => a - b),
);

/** The plan's own discount for a period, in percents (0 for the free trial, which is free). */
export function planPeriodDiscount(plan: PricedPlan, period: PlanPeriod): number {
  switch (period) {
    case PlanPeriod.Month:
      return plan.monthDiscount;
    case PlanPeriod.Quarter:
      return plan.quarterDiscount;
    case PlanPeriod.Year:
      return plan.yearDiscount;
    case PlanPeriod.FreeTrial:
      return 0;
  }
}

export interface FullPeriodPrices {
  fullMonthPrice: Piasters;
  fullQuarterPrice: Piasters;
  fullYearPrice: Piasters;
}

/**
 * The Plan entity's "full price per period": baseMonthPrice x the period's months, before the
 * period's discount (the struck-through price on the plans page).
 */
export function fullPeriodPrices(plan: Pick<Plan, 'baseMonthPrice'>): FullPeriodPrices {
  const full = (period: PaidPlanPeriod): Piasters => {
    const price = plan.baseMonthPrice * PLAN_PERIOD_MONTHS[period];
    assertPiasters(price, 'full period price');
    return price;
  };
  assertNonNegativePiasters(plan.baseMonthPrice, 'baseMonthPrice');
  return {
    fullMonthPrice: full(PlanPeriod.Month),
    fullQuarterPrice: full(PlanPeriod.Quarter),
    fullYearPrice: full(PlanPeriod.Year),
  };
}

/**
 * The installment tier of a plan, by its weekly minutes: the largest of the three named plans
 * (beginning 60, advance 120, professional 230 minutes a week) whose minutes the plan reaches.
 * A plan an admin makes with other minutes gets the options of the tier it reaches, so a
 * 150-minute plan pays like advance and a 45-minute one like beginning.
 */
export function planInstallmentTier(weeklyMinutes: number): PlanName {
  let tier: PlanName = PlanName.Beginning;
  for (const name of PLAN_NAMES) {
    if (weeklyMinutes >= PLAN_WEEKLY_MINUTES[name]) tier = name;
  }
  return tier;
}

/**
 * The bank-installment counts a student may choose for this plan and period (empty: pay at once).
 * The spec's rule by tier (advance 2, professional 3 or 4, beginning none) applies to periods at
 * least that many months long, one payment a month, so the last payment never falls after the
 * subscription ends: a month is paid at once, an advance quarter or year may be paid in 2, a
 * professional quarter in 3 and a professional year in 3 or 4.
 */
export function installmentOptions(
  plan: Pick<Plan, 'weeklyMinutes'>,
  period: PlanPeriod,
): number[] {
  if (!isPaidPlanPeriod(period)) return [];
  const months = PLAN_PERIOD_MONTHS[period];
  const counts: readonly number[] = PLAN_INSTALLMENTS[planInstallmentTier(plan.weeklyMinutes)];
  return counts.filter((count) => count <= months);
}

/** True when paying in `count` payments is allowed; 1 (paying at once) always is. */
export const isInstallmentCountAllowed = (
  plan: Pick<Plan, 'weeklyMinutes'>,
  period: PlanPeriod,
  count: number,
): boolean => count === 1 || installmentOptions(plan, period).includes(count);

/**
 * `total` in `count` whole-piaster payments that add up to it exactly: equal parts, and the
 * remainder (fewer than `count` piasters) one each on the first payments, so the payments never
 * differ by more than one piaster and never grow.
 */
export function splitInstallments(total: Piasters, count: number): Piasters[] {
  assertNonNegativePiasters(total, 'total');
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`installment count must be a positive whole number, got ${count}`);
  }
  const part = Math.floor(total / count);
  const remainder = total - part * count;
  return Array.from({ length: count }, (_, index) => (index < remainder ? part + 1 : part));
}

export interface PlanPurchaseInput {
  plan: PricedPlan;
  period: PlanPeriod;
  /** The coupon's discount in percents (0-100); absent when no coupon is used. */
  couponPercent?: number;
  /** Number of bank installments; absent or 1 to pay at once. */
  installments?: number;
}

/** Every amount in whole piasters. */
export interface PlanPurchasePrice {
  /** How long the subscription lasts (1200 for the free trial). */
  months: number;
  /** baseMonthPrice x months: the price before any discount. */
  listPrice: Piasters;
  /** What the plan's discount for this period takes off the list price. */
  periodDiscount: Piasters;
  /** The list price after the period's discount. */
  periodPrice: Piasters;
  /** What the coupon takes off the period price (0 without a coupon). */
  couponDiscount: Piasters;
  /** What the student pays: periodPrice - couponDiscount. */
  total: Piasters;
  /** The payments, first to last; one payment (the total) when paying at once. */
  installments: Piasters[];
  /** The total per month of the period, rounded; for display only. */
  perMonth: Piasters;
}

/**
 * Prices a plan purchase (see the file comment for the order and the rounding). Throws a
 * RangeError for input that validation should have refused: a negative or fractional price, a
 * percent outside 0-100, or an installment count the plan and period do not offer (the server
 * checks `isInstallmentCountAllowed` first and answers `illegal`).
 */
export function pricePlanPurchase(input: PlanPurchaseInput): PlanPurchasePrice {
  const { plan, period, couponPercent = 0, installments = 1 } = input;
  assertNonNegativePiasters(plan.baseMonthPrice, 'baseMonthPrice');
  if (!(couponPercent >= 0 && couponPercent <= 100)) {
    throw new RangeError(`coupon percent must be between 0 and 100, got ${couponPercent}`);
  }
  if (!isInstallmentCountAllowed(plan, period, installments)) {
    throw new RangeError(`${installments} installments are not offered for this plan and period`);
  }
  const months = PLAN_PERIOD_MONTHS[period];
  if (!isPaidPlanPeriod(period)) {
    return {
      months,
      listPrice: 0,
      periodDiscount: 0,
      periodPrice: 0,
      couponDiscount: 0,
      total: 0,
      installments: [0],
      perMonth: 0,
    };
  }

  const listPrice = plan.baseMonthPrice * months;
  assertPiasters(listPrice, 'list price');
  const periodPrice = applyPercentDiscount(listPrice, planPeriodDiscount(plan, period));
  const total = applyPercentDiscount(periodPrice, couponPercent);
  return {
    months,
    listPrice,
    periodDiscount: listPrice - periodPrice,
    periodPrice,
    couponDiscount: periodPrice - total,
    total,
    installments: splitInstallments(total, installments),
    perMonth: roundHalfAwayFromZero(total / months),
  };
}

/** A coupon can be used until its expiry instant (exclusive), as `couponExpireDateSchema` says. */
export const isCouponActive = (coupon: Pick<Coupon, 'expireDate'>, now: Date): boolean =>
  new Date(coupon.expireDate).getTime() > now.getTime();

function assertNonNegativePiasters(value: number, name: string): void {
  assertPiasters(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

// ---------------------------------------------------------------------------------------------
// Demo plans

/** A plan as the seed creates it and the landing page shows it, with its plans-page name. */
export interface DemoPlan extends PricedPlan {
  name: PlanName;
  forInvitesOnly: boolean;
}

/**
 * The spec's three plans with our demo prices (the spec gives none): 600, 1,100 and 2,000 EGP a
 * month, 10% off a quarter and 20% off a year. Loaded by the server's seed on first start and
 * shown by the landing page's pricing section.
 */
export const DEMO_PLANS: readonly DemoPlan[] = Object.freeze(
  (
    [
      [PlanName.Beginning, 60_000],
      [PlanName.Advance, 110_000],
      [PlanName.Professional, 200_000],
    ] as const
  ).map(([name, baseMonthPrice]) =>
    Object.freeze({
      name,
      weeklyMinutes: PLAN_WEEKLY_MINUTES[name],
      baseMonthPrice,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
      forInvitesOnly: false,
    }),
  ),
);
