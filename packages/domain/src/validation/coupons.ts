import { z } from 'zod';
import { addCairoDays, cairoParts, fromCairoLocal, startOfCairoDay } from '../time';
import { integer, reject, rule, text } from './blocks';

export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 20;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;

/** Upper-case letters and digits, inner hyphens allowed (SUMMER-25). */
const COUPON_CODE_PATTERN = new RegExp(
  `^(?=.{${COUPON_CODE_MIN_LENGTH},${COUPON_CODE_MAX_LENGTH}}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$`,
);

export const couponCodeSchema = text()
  .trim()
  .toUpperCase()
  .superRefine(
    rule((code: string) => (COUPON_CODE_PATTERN.test(code) ? undefined : 'invalid-coupon-code')),
  );

/** Whole percents; 0 (or less) gives nothing and more than 100 would pay the student. */
export const couponDiscountSchema = integer().superRefine(
  rule((percent: number) => {
    if (percent < COUPON_DISCOUNT_MIN) return 'zero-discount';
    return percent > COUPON_DISCOUNT_MAX ? 'max-discount-exceeded' : undefined;
  }),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The Cairo midnight that ends the calendar day `yyyy-mm-dd`, or null for a day like 02-30. */
function endOfCairoDay(day: string): Date | null {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  // Noon exists on every day, even when a clock change removes midnight.
  const noon = fromCairoLocal({ year, month, day: date, hour: 12 });
  const parts = cairoParts(noon);
  if (parts.year !== year || parts.month !== month || parts.day !== date) return null;
  return startOfCairoDay(addCairoDays(noon, 1));
}

/**
 * An expiry as a Date, from a Date, an ISO instant with its offset, or a plain date from a date
 * picker. A plain date means "through that day in Cairo": it expires at the next Cairo midnight.
 * A local time without an offset is refused because it is ambiguous.
 */
export function parseExpireDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (ISO_DATE.test(trimmed)) return endOfCairoDay(trimmed);
  if (!ISO_INSTANT.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The coupon's expiry, which must lie after `now`. */
export const couponExpireDateSchema = (now: Date) =>
  z.unknown().transform((value, ctx): Date => {
    if (value === undefined || value === null || value === '') return reject(ctx, 'required');
    const date = parseExpireDate(value);
    if (date === null) return reject(ctx, 'invalid-expire-date');
    return date.getTime() > now.getTime() ? date : reject(ctx, 'expired-coupon');
  });

export const couponSchema = (now: Date) =>
  z.object({
    code: couponCodeSchema,
    discount: couponDiscountSchema,
    expireDate: couponExpireDateSchema(now),
  });
