import { describe, expect, it } from 'vitest';
import { REFUND_SETTLE_GRACE_MS, refundVerdict } from '../../src/modules/payments/refunds';

const sent = new Date('2026-11-26T10:00:00Z');
const soon = new Date(sent.getTime() + 10_000);
const later = new Date(sent.getTime() + REFUND_SETTLE_GRACE_MS);

describe('refundVerdict: what the provider says of a refund in doubt', () => {
  const first = { amount: 50_000, refundedBefore: 0, createdAt: sent };
  const second = { amount: 30_000, refundedBefore: 50_000, createdAt: sent };

  it('Paymob: done when the refunded total covers it, refused only after the grace', () => {
    const paymob = (total: number) => ({ refundedTotal: total, state: 'not-refunded' as const });
    expect(refundVerdict(second, paymob(80_000), soon)).toBe('done');
    expect(refundVerdict(second, paymob(50_000), soon)).toBe('wait');
    expect(refundVerdict(second, paymob(50_000), later)).toBe('refused');
    expect(refundVerdict(second, paymob(60_000), later)).toBe('wait');
  });

  it('Fawry: REFUNDED is done; PARTIAL_REFUNDED only tells about a first refund', () => {
    const fawry = (state: 'refunded' | 'partially-refunded' | 'not-refunded') => ({
      refundedTotal: undefined,
      state,
    });
    expect(refundVerdict(second, fawry('refunded'), soon)).toBe('done');
    expect(refundVerdict(first, fawry('partially-refunded'), soon)).toBe('done');
    expect(refundVerdict(second, fawry('partially-refunded'), later)).toBe('wait');
    expect(refundVerdict(first, fawry('not-refunded'), soon)).toBe('wait');
    expect(refundVerdict(first, fawry('not-refunded'), later)).toBe('refused');
    expect(refundVerdict(second, fawry('not-refunded'), later)).toBe('wait');
  });

  it('a Paymob refund callback settles the refund of its amount only', () => {
    const callback = (amount: number) => ({
      refundedTotal: undefined,
      state: 'partially-refunded' as const,
      refundAmount: amount,
    });
    expect(refundVerdict(second, callback(30_000), soon)).toBe('done');
    expect(refundVerdict(second, callback(50_000), later)).toBe('wait');
  });
});
