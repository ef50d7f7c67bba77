/**
 * Money is an integer number of piasters (EGP x 100) everywhere; pounds appear only at the edges
 * (a form field, a formatted label).
 *
 * Rounding rule: whenever a computation lands between two piasters it is rounded to the nearest
 * whole piaster, and an exact half goes away from zero (12.5 -> 13, -12.5 -> -13), the rule people
 * expect from shop prices. Inputs are checked: a piaster amount must be a safe integer, so a
 * fractional or overflowing amount is a bug caught where it happens, not a wrong bill later.
 */

import { CURRENCY, LOCALE, MONEY_SCALER } from './constants';
import type { Piasters } from './entities';

export function assertPiasters(value: number, name = 'amount'): asserts value is Piasters {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a whole number of piasters, got ${value}`);
  }
}

/**
 * Rounds to the nearest integer, halves away from zero. The value is first cut to 15 significant
 * digits so that binary noise (1.005 * 100 = 100.49999999999999) does not decide the rounding.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value}`);
  const cleaned = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(cleaned + 0.5);
  return value < 0 ? -rounded : rounded;
}

/** Pounds (possibly with a fraction, e.g. from a form) to whole piasters. */
export function egpToPiasters(egp: number): Piasters {
  const piasters = roundHalfAwayFromZero(egp * MONEY_SCALER);
  assertPiasters(piasters, 'egp * 100');
  return piasters === 0 ? 0 : piasters; // never -0
}

/** Whole piasters to pounds, for display and form fields only. */
export function piastersToEgp(piasters: Piasters): number {
  assertPiasters(piasters);
  return piasters / MONEY_SCALER;
}

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "١٬٢٣٤٫٥٠ ج.م.‏" for 123450 piasters in ar-EG. Whole pounds are shown without ".00", which is
 * how Egyptian price tags read; amounts with piasters always show two digits.
 */
export function formatMoney(piasters: Piasters, locale: string = LOCALE): string {
  assertPiasters(piasters);
  const fractionDigits = piasters % MONEY_SCALER === 0 ? 0 : 2;
  return moneyFormatter(locale, fractionDigits).format(piasters / MONEY_SCALER);
}

/**
 * The price after a percentage discount (0-100, fractions allowed), rounded to whole piasters by
 * the module's rule. The discounted price is what gets rounded, so a 100% discount is exactly 0
 * and 0% is exactly the price.
 */
export function applyPercentDiscount(piasters: Piasters, percent: number): Piasters {
  assertPiasters(piasters, 'price');
  if (piasters < 0) throw new RangeError(`price must not be negative, got ${piasters}`);
  if (!(percent >= 0 && percent <= 100)) {
    throw new RangeError(`percent must be between 0 and 100, got ${percent}`);
  }
  // For whole percents price * (100 - p) is exact; the division's binary noise is removed by the
  // rounding helper, so 10% of 5 piasters is 4.5 -> 5 and never 4.
  const discounted = roundHalfAwayFromZero((piasters * (100 - percent)) / 100);
  assertPiasters(discounted, 'discounted price');
  return discounted;
}

/** Adds amounts of piasters; refuses fractions and sums that leave the safe integer range. */
export function sumPiasters(amounts: readonly Piasters[]): Piasters {
  let total = 0;
  for (const amount of amounts) {
    assertPiasters(amount);
    total += amount;
    assertPiasters(total, 'sum');
  }
  return total;
}
