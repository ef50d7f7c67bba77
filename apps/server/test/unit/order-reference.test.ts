import { describe, expect, it } from 'vitest';
import {
  isOrderReference,
  newOrderReference,
  ORDER_REFERENCE_PATTERN,
} from '../../src/modules/payments/references';

describe('order references', () => {
  it('are 19 digits: environment, milliseconds, random; below 2^63', () => {
    const now = Date.UTC(2026, 10, 26, 4, 0, 0);
    const production = newOrderReference('production', now);
    expect(production).toMatch(ORDER_REFERENCE_PATTERN);
    expect(production.slice(0, 14)).toBe(`1${now}`);
    expect(newOrderReference('staging', now)[0]).toBe('2');
    expect(newOrderReference('local', now)[0]).toBe('3');
    expect(BigInt(`4${'9'.repeat(18)}`) < 2n ** 63n - 1n).toBe(true);
  });

  it('do not repeat, even for a burst within one millisecond', () => {
    const now = Date.now();
    const burst = Array.from({ length: 5_000 }, () => newOrderReference('staging', now));
    expect(new Set(burst).size).toBe(burst.length);
    expect(burst.every((reference) => ORDER_REFERENCE_PATTERN.test(reference))).toBe(true);
  });

  it('are told from anything else; old row ids still count', () => {
    expect(isOrderReference(newOrderReference('local'))).toBe(true);
    expect(isOrderReference('42')).toBe(true);
    expect(isOrderReference('0')).toBe(false);
    expect(isOrderReference('12345678901')).toBe(false);
    expect(isOrderReference('3abc')).toBe(false);
    expect(isOrderReference(undefined)).toBe(false);
  });
});
