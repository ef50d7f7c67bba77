/** Plans as an admin sets them, and the card code a student types to pay. */

import { z } from 'zod';
import { toAsciiDigits } from '../text';
import { boundedInteger, number, rule, text, typeError } from './blocks';

/** One short slot at least; four hours a day at most. */
export const WEEKLY_MINUTES_MIN = 15;
export const WEEKLY_MINUTES_MAX = 4 * 60 * 7;
/** 100,000 EGP: far above any real plan, low enough to catch an extra zero typed by mistake. */
export const PLAN_PRICE_MAX_PIASTERS = 10_000_000;
export const PLAN_DISCOUNT_MIN = 0;
export const PLAN_DISCOUNT_MAX = 100;
export const CVV_LENGTH = 3;

/**
 * Weekly minutes of a plan. Not a multiple of the slot length on purpose: the spec's professional
 * plan has 230.
 */
export const weeklyMinutesSchema = boundedInteger(
  WEEKLY_MINUTES_MIN,
  WEEKLY_MINUTES_MAX,
  'invalid-weekly-minutes',
);

/** A plan price in piasters: positive, whole. */
export const planPriceSchema = number().superRefine(
  rule((price: number) =>
    Number.isInteger(price) && price > 0 && price <= PLAN_PRICE_MAX_PIASTERS
      ? undefined
      : 'invalid-plan-price',
  ),
);

/** A plan's period discount in whole percents, 0-100. */
export const planDiscountSchema = number().superRefine(
  rule((percent: number) =>
    Number.isInteger(percent) && percent >= PLAN_DISCOUNT_MIN && percent <= PLAN_DISCOUNT_MAX
      ? undefined
      : 'invalid-plan-discount',
  ),
);

export const planSchema = z.object({
  weeklyMinutes: weeklyMinutesSchema,
  baseMonthPrice: planPriceSchema,
  monthDiscount: planDiscountSchema,
  quarterDiscount: planDiscountSchema,
  yearDiscount: planDiscountSchema,
  forInvitesOnly: z.boolean({ error: typeError }).default(false),
});

const CVV_PATTERN = new RegExp(`^\\d{${CVV_LENGTH}}$`);

/** The card's security code for paying with a saved card (Visa, Mastercard and Meeza: 3 digits). */
export const cvvSchema = text()
  .transform((cvv) => toAsciiDigits(cvv.trim()))
  .superRefine(rule((cvv: string) => (CVV_PATTERN.test(cvv) ? undefined : 'invalid-cvv')));
