import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPercentDiscount,
  egpToPiasters,
  formatMoney,
  piastersToEgp,
  roundHalfAwayFromZero,
  sumPiasters,
} from '../src/money';

/** Prices up to 100 million EGP: far above any real amount, well inside the exact range. */
const price = fc.integer({ min: 0, max: 10_000_000_000 });
const anyAmount = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
const percent = fc.integer({ min: 0, max: 100 });
const anyPercent = fc.double({ min: 0, max: 100, noNaN: true });

describe('rounding', () => {
  it('rounds halves away from zero despite binary noise', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(egpToPiasters(1.005)).toBe(101);
    expect(egpToPiasters(-1.005)).toBe(-101);
    expect(egpToPiasters(0.1 + 0.2)).toBe(30);
    expect(egpToPiasters(19.99)).toBe(1999);
  });

  it('never produces -0', () => {
    expect(Object.is(egpToPiasters(-0.001), 0)).toBe(true);
  });
});

describe('pounds and piasters', () => {
  it('converts whole amounts exactly', () => {
    expect(egpToPiasters(100)).toBe(10_000);
    expect(egpToPiasters(50_000)).toBe(5_000_000);
    expect(piastersToEgp(12_345)).toBe(123.45);
  });

  it('round-trips any piaster amount', () => {
    fc.assert(
      fc.property(anyAmount, (piasters) => egpToPiasters(piastersToEgp(piasters)) === piasters),
    );
  });

  it('lands within half a piaster of any pound amount', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e8, max: 1e8, noNaN: true }), (egp) => {
        expect(Math.abs(egpToPiasters(egp) - egp * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('refuses fractions of a piaster and unsafe numbers', () => {
    expect(() => piastersToEgp(1.5)).toThrow(RangeError);
    expect(() => piastersToEgp(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
    expect(() => egpToPiasters(Number.NaN)).toThrow(RangeError);
    expect(() => egpToPiasters(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => egpToPiasters(1e17)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  /** Intl adds right-to-left marks and no-break spaces; compare what a reader sees. */
  const visible = (text: string): string =>
    text.replace(/[\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

  it('formats EGP in Arabic with Arabic-Indic digits', () => {
    expect(visible(formatMoney(123_450))).toBe('١٬٢٣٤٫٥٠ ج.م.');
    expect(visible(formatMoney(10_000))).toBe('١٠٠ ج.م.');
    expect(visible(formatMoney(5))).toBe('٠٫٠٥ ج.م.');
  });

  it('formats in another locale when asked', () => {
    expect(visible(formatMoney(123_450, 'en-US'))).toBe('EGP 1,234.50');
    expect(visible(formatMoney(-10_000, 'en-US'))).toBe('-EGP 100');
  });

  it('refuses fractions of a piaster', () => {
    expect(() => formatMoney(0.5)).toThrow(RangeError);
  });
});

describe('applyPercentDiscount', () => {
  it('rounds the discounted price to whole piasters, halves up', () => {
    expect(applyPercentDiscount(5, 10)).toBe(5); // 4.5 -> 5
    expect(applyPercentDiscount(15, 10)).toBe(14); // 13.5 -> 14
    expect(applyPercentDiscount(99_999, 15)).toBe(84_999); // 84999.15
    expect(applyPercentDiscount(100_000, 12.5)).toBe(87_500);
  });

  it('0% is the identity and 100% is free', () => {
    fc.assert(fc.property(price, (p) => applyPercentDiscount(p, 0) === p));
    fc.assert(fc.property(price, (p) => applyPercentDiscount(p, 100) === 0));
  });

  it('never increases the price and never goes negative', () => {
    fc.assert(
      fc.property(price, anyPercent, (p, off) => {
        const discounted = applyPercentDiscount(p, off);
        return Number.isSafeInteger(discounted) && discounted >= 0 && discounted <= p;
      }),
    );
  });

  it('is monotone in the percent and in the price', () => {
    fc.assert(
      fc.property(price, percent, percent, (p, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return applyPercentDiscount(p, high) <= applyPercentDiscount(p, low);
      }),
    );
    fc.assert(
      fc.property(price, price, percent, (a, b, off) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return applyPercentDiscount(low, off) <= applyPercentDiscount(high, off);
      }),
    );
  });

  it('stays within half a piaster of the exact result', () => {
    fc.assert(
      fc.property(price, percent, (p, off) => {
        const exact = (p * (100 - off)) / 100;
        return Math.abs(applyPercentDiscount(p, off) - exact) <= 0.5;
      }),
    );
  });

  it('refuses bad inputs', () => {
    expect(() => applyPercentDiscount(-1, 10)).toThrow(RangeError);
    expect(() => applyPercentDiscount(1.5, 10)).toThrow(RangeError);
    expect(() => applyPercentDiscount(100, -1)).toThrow(RangeError);
    expect(() => applyPercentDiscount(100, 100.01)).toThrow(RangeError);
    expect(() => applyPercentDiscount(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('sumPiasters', () => {
  it('adds whole amounts', () => {
    expect(sumPiasters([])).toBe(0);
    expect(sumPiasters([100, 250, -50])).toBe(300);
    fc.assert(
      fc.property(fc.array(anyAmount, { maxLength: 50 }), (amounts) => {
        const expected = amounts.reduce((total, amount) => total + amount, 0);
        return sumPiasters(amounts) === expected;
      }),
    );
  });

  it('refuses fractions and overflow', () => {
    expect(() => sumPiasters([1, 0.5])).toThrow(RangeError);
    expect(() => sumPiasters([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});
