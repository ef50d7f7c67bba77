import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanName, PlanPeriod, PLAN_PERIODS } from '../src/enums';
import { applyPercentDiscount } from '../src/money';
import {
  DEMO_PLANS,
  fullPeriodPrices,
  INSTALLMENT_COUNTS,
  installmentOptions,
  isCouponActive,
  isInstallmentCountAllowed,
  PAID_PLAN_PERIODS,
  planInstallmentTier,
  planPeriodDiscount,
  pricePlanPurchase,
  splitInstallments,
} from '../src/pricing';
import type { PricedPlan } from '../src/pricing';
import { PLAN_PRICE_MAX_PIASTERS, planSchema } from '../src/validation';
import { parsed } from './helpers';

const demo = (name: PlanName): PricedPlan => {
  const plan = DEMO_PLANS.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`no demo plan ${name}`);
  return plan;
};
const beginning = demo(PlanName.Beginning);
const advance = demo(PlanName.Advance);
const professional = demo(PlanName.Professional);

const percent = fc.integer({ min: 0, max: 100 });
/** Any plan the plan form accepts. */
const anyPlan: fc.Arbitrary<PricedPlan> = fc.record({
  weeklyMinutes: fc.integer({ min: 15, max: 1680 }),
  baseMonthPrice: fc.integer({ min: 1, max: PLAN_PRICE_MAX_PIASTERS }),
  monthDiscount: percent,
  quarterDiscount: percent,
  yearDiscount: percent,
});
const paidPeriod = fc.constantFrom(...PAID_PLAN_PERIODS);

/** A plan, a paid period, a coupon and an installment count the plan offers for that period. */
const purchase = fc
  .tuple(anyPlan, paidPeriod, fc.option(percent, { nil: undefined }))
  .chain(([plan, period, couponPercent]) =>
    fc
      .constantFrom(1, ...installmentOptions(plan, period))
      .map((installments) => ({ plan, period, couponPercent, installments })),
  );

describe('demo plans', () => {
  it('are the spec three, valid for the plan form, 600/1100/2000 EGP, 10% and 20% off', () => {
    expect(DEMO_PLANS.map((plan) => [plan.name, plan.weeklyMinutes, plan.baseMonthPrice])).toEqual([
      ['beginning', 60, 60_000],
      ['advance', 120, 110_000],
      ['professional', 230, 200_000],
    ]);
    for (const { name: _name, ...plan } of DEMO_PLANS) {
      expect(parsed(planSchema, plan)).toEqual(plan);
      expect([plan.monthDiscount, plan.quarterDiscount, plan.yearDiscount]).toEqual([0, 10, 20]);
    }
    expect(Object.isFrozen(DEMO_PLANS)).toBe(true);
  });

  it('full period prices are the base times the months, before the discount', () => {
    expect(fullPeriodPrices(professional)).toEqual({
      fullMonthPrice: 200_000,
      fullQuarterPrice: 600_000,
      fullYearPrice: 2_400_000,
    });
  });

  it.each([
    // plan, period, list, period price, per month
    [beginning, PlanPeriod.Month, 60_000, 60_000, 60_000],
    [beginning, PlanPeriod.Quarter, 180_000, 162_000, 54_000],
    [beginning, PlanPeriod.Year, 720_000, 576_000, 48_000],
    [advance, PlanPeriod.Month, 110_000, 110_000, 110_000],
    [advance, PlanPeriod.Quarter, 330_000, 297_000, 99_000],
    [advance, PlanPeriod.Year, 1_320_000, 1_056_000, 88_000],
    [professional, PlanPeriod.Month, 200_000, 200_000, 200_000],
    [professional, PlanPeriod.Quarter, 600_000, 540_000, 180_000],
    [professional, PlanPeriod.Year, 2_400_000, 1_920_000, 160_000],
  ])('%# without a coupon', (plan, period, listPrice, periodPrice, perMonth) => {
    expect(pricePlanPurchase({ plan, period })).toEqual({
      months: [1, 3, 12][period],
      listPrice,
      periodDiscount: listPrice - periodPrice,
      periodPrice,
      couponDiscount: 0,
      total: periodPrice,
      installments: [periodPrice],
      perMonth,
    });
  });

  it('advance quarter, 15% coupon, 2 installments', () => {
    expect(
      pricePlanPurchase({
        plan: advance,
        period: PlanPeriod.Quarter,
        couponPercent: 15,
        installments: 2,
      }),
    ).toEqual({
      months: 3,
      listPrice: 330_000,
      periodDiscount: 33_000,
      periodPrice: 297_000,
      couponDiscount: 44_550,
      total: 252_450,
      installments: [126_225, 126_225],
      perMonth: 84_150,
    });
  });

  it('professional year, 7% coupon, 3 or 4 installments', () => {
    const price = (installments: number) =>
      pricePlanPurchase({
        plan: professional,
        period: PlanPeriod.Year,
        couponPercent: 7,
        installments,
      });
    expect(price(3)).toMatchObject({
      periodPrice: 1_920_000,
      couponDiscount: 134_400,
      total: 1_785_600,
      installments: [595_200, 595_200, 595_200],
      perMonth: 148_800,
    });
    expect(price(4).installments).toEqual([446_400, 446_400, 446_400, 446_400]);
  });

  it('the free trial costs nothing', () => {
    expect(pricePlanPurchase({ plan: professional, period: PlanPeriod.FreeTrial })).toEqual({
      months: 1200,
      listPrice: 0,
      periodDiscount: 0,
      periodPrice: 0,
      couponDiscount: 0,
      total: 0,
      installments: [0],
      perMonth: 0,
    });
  });
});

describe('rounding', () => {
  const odd: PricedPlan = {
    weeklyMinutes: 230,
    baseMonthPrice: 12_345,
    monthDiscount: 0,
    quarterDiscount: 10,
    yearDiscount: 20,
  };

  it('rounds each discount once, period first, halves away from zero', () => {
    // 37,035 less 10% is 33,331.5 -> 33,332; less 15% is 28,332.2 -> 28,332.
    expect(
      pricePlanPurchase({ plan: odd, period: PlanPeriod.Quarter, couponPercent: 15 }),
    ).toMatchObject({
      listPrice: 37_035,
      periodDiscount: 3_703,
      periodPrice: 33_332,
      couponDiscount: 5_000,
      total: 28_332,
      perMonth: 9_444,
    });
  });

  it('puts the remainder piasters on the first installments', () => {
    // 148,140 less 20% is 118,512; less 15% is 100,735.2 -> 100,735 = 4 x 25,183 + 3.
    const price = pricePlanPurchase({
      plan: odd,
      period: PlanPeriod.Year,
      couponPercent: 15,
      installments: 4,
    });
    expect(price.total).toBe(100_735);
    expect(price.installments).toEqual([25_184, 25_184, 25_184, 25_183]);
  });

  it('splits evenly', () => {
    expect(splitInstallments(10, 3)).toEqual([4, 3, 3]);
    expect(splitInstallments(11, 3)).toEqual([4, 4, 3]);
    expect(splitInstallments(2, 4)).toEqual([1, 1, 0, 0]);
    expect(splitInstallments(0, 2)).toEqual([0, 0]);
    expect(() => splitInstallments(10, 0)).toThrow(RangeError);
    expect(() => splitInstallments(10.5, 2)).toThrow(RangeError);
    expect(() => splitInstallments(-1, 2)).toThrow(RangeError);
  });
});

describe('installments', () => {
  it('follow the weekly-minutes tier: advance 2, professional 3 or 4, beginning none', () => {
    expect(planInstallmentTier(15)).toBe('beginning');
    expect(planInstallmentTier(60)).toBe('beginning');
    expect(planInstallmentTier(119)).toBe('beginning');
    expect(planInstallmentTier(120)).toBe('advance');
    expect(planInstallmentTier(229)).toBe('advance');
    expect(planInstallmentTier(230)).toBe('professional');
    expect(planInstallmentTier(1680)).toBe('professional');
    expect(INSTALLMENT_COUNTS).toEqual([2, 3, 4]);
  });

  it('never run past the period: one payment a month at most', () => {
    const options = (plan: PricedPlan) => PLAN_PERIODS.map((p) => installmentOptions(plan, p));
    expect(options(beginning)).toEqual([[], [], [], []]);
    expect(options(advance)).toEqual([[], [2], [2], []]);
    expect(options(professional)).toEqual([[], [3], [3, 4], []]);
  });

  it('paying at once is always allowed, other counts only when offered', () => {
    expect(isInstallmentCountAllowed(beginning, PlanPeriod.Month, 1)).toBe(true);
    expect(isInstallmentCountAllowed(professional, PlanPeriod.FreeTrial, 1)).toBe(true);
    expect(isInstallmentCountAllowed(advance, PlanPeriod.Year, 2)).toBe(true);
    expect(isInstallmentCountAllowed(advance, PlanPeriod.Year, 3)).toBe(false);
    expect(isInstallmentCountAllowed(professional, PlanPeriod.Quarter, 4)).toBe(false);
    expect(() =>
      pricePlanPurchase({ plan: beginning, period: PlanPeriod.Year, installments: 2 }),
    ).toThrow(RangeError);
  });
});

describe('input checks', () => {
  it('refuses what validation refuses', () => {
    const bad = (plan: Partial<PricedPlan>, couponPercent?: number) => () =>
      pricePlanPurchase({
        plan: { ...beginning, ...plan },
        period: PlanPeriod.Year,
        couponPercent,
      });
    expect(bad({ baseMonthPrice: -1 })).toThrow(RangeError);
    expect(bad({ baseMonthPrice: 10.5 })).toThrow(RangeError);
    expect(bad({ yearDiscount: 101 })).toThrow(RangeError);
    expect(bad({}, -1)).toThrow(RangeError);
    expect(bad({}, 100.5)).toThrow(RangeError);
    expect(bad({}, Number.NaN)).toThrow(RangeError);
  });

  it('reads the period discount of the period', () => {
    const plan = { ...beginning, monthDiscount: 1, quarterDiscount: 2, yearDiscount: 3 };
    expect(PLAN_PERIODS.map((period) => planPeriodDiscount(plan, period))).toEqual([1, 2, 3, 0]);
  });

  it('a coupon is usable until its expiry instant', () => {
    const coupon = { expireDate: '2025-06-15T21:00:00.000Z' };
    expect(isCouponActive(coupon, new Date('2025-06-15T20:59:59.999Z'))).toBe(true);
    expect(isCouponActive(coupon, new Date('2025-06-15T21:00:00.000Z'))).toBe(false);
  });
});

describe('properties', () => {
  it('amounts are whole, non-negative, add up, and never exceed the list price', () => {
    fc.assert(
      fc.property(purchase, (input) => {
        const price = pricePlanPurchase(input);
        const amounts = [
          price.listPrice,
          price.periodDiscount,
          price.periodPrice,
          price.couponDiscount,
          price.total,
          price.perMonth,
          ...price.installments,
        ];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        }
        expect(price.listPrice).toBe(input.plan.baseMonthPrice * price.months);
        expect(price.total).toBeLessThanOrEqual(price.periodPrice);
        expect(price.periodPrice).toBeLessThanOrEqual(price.listPrice);
        expect(price.periodDiscount + price.couponDiscount + price.total).toBe(price.listPrice);
        expect(price.total).toBe(
          applyPercentDiscount(
            applyPercentDiscount(price.listPrice, planPeriodDiscount(input.plan, input.period)),
            input.couponPercent ?? 0,
          ),
        );
        expect(Math.abs(price.perMonth * price.months - price.total)).toBeLessThanOrEqual(
          price.months / 2,
        );
      }),
    );
  });

  it('installments add up to the total, differ by a piaster at most and never grow', () => {
    fc.assert(
      fc.property(purchase, (input) => {
        const { installments, total } = pricePlanPurchase(input);
        expect(installments).toHaveLength(input.installments);
        expect(installments.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(Math.max(...installments) - Math.min(...installments)).toBeLessThanOrEqual(1);
        for (let index = 1; index < installments.length; index += 1) {
          expect(installments[index]).toBeLessThanOrEqual(installments[index - 1] ?? 0);
        }
      }),
    );
  });

  it('splitting any amount keeps every piaster', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (total, count) => {
          const parts = splitInstallments(total, count);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          expect(parts[0]).toBe(Math.ceil(total / count));
          expect(parts.at(-1)).toBe(Math.floor(total / count));
        },
      ),
    );
  });

  it('a 0% coupon changes nothing, a 100% coupon makes it free', () => {
    fc.assert(
      fc.property(anyPlan, paidPeriod, (plan, period) => {
        const none = pricePlanPurchase({ plan, period });
        expect(pricePlanPurchase({ plan, period, couponPercent: 0 })).toEqual(none);
        expect(none.total).toBe(none.periodPrice);
        const free = pricePlanPurchase({ plan, period, couponPercent: 100 });
        expect(free.total).toBe(0);
        expect(free.couponDiscount).toBe(free.periodPrice);
        expect(free.perMonth).toBe(0);
      }),
    );
  });

  it('a bigger coupon never costs more', () => {
    fc.assert(
      fc.property(anyPlan, paidPeriod, percent, percent, (plan, period, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const cheaper = pricePlanPurchase({ plan, period, couponPercent: high });
        const dearer = pricePlanPurchase({ plan, period, couponPercent: low });
        expect(cheaper.total).toBeLessThanOrEqual(dearer.total);
        expect(cheaper.couponDiscount).toBeGreaterThanOrEqual(dearer.couponDiscount);
      }),
    );
  });

  it('a bigger period discount never costs more', () => {
    fc.assert(
      fc.property(anyPlan, paidPeriod, percent, percent, (plan, period, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const withDiscount = (discount: number) =>
          pricePlanPurchase({
            plan: {
              ...plan,
              monthDiscount: discount,
              quarterDiscount: discount,
              yearDiscount: discount,
            },
            period,
          });
        expect(withDiscount(high).total).toBeLessThanOrEqual(withDiscount(low).total);
      }),
    );
  });

  it('a 0% period discount charges the full period price', () => {
    fc.assert(
      fc.property(anyPlan, paidPeriod, (plan, period) => {
        const flat = { ...plan, monthDiscount: 0, quarterDiscount: 0, yearDiscount: 0 };
        const full = fullPeriodPrices(flat);
        const expected = [full.fullMonthPrice, full.fullQuarterPrice, full.fullYearPrice][period];
        expect(pricePlanPurchase({ plan: flat, period }).total).toBe(expected);
      }),
    );
  });

  it('the free trial is 0 whatever the plan and coupon', () => {
    fc.assert(
      fc.property(anyPlan, percent, (plan, couponPercent) => {
        const price = pricePlanPurchase({ plan, period: PlanPeriod.FreeTrial, couponPercent });
        expect(price.total).toBe(0);
        expect(price.installments).toEqual([0]);
        expect(installmentOptions(plan, PlanPeriod.FreeTrial)).toEqual([]);
      }),
    );
  });
});
