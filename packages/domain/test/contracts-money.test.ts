import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  couponSaveBodySchema,
  ENDPOINTS,
  paymentStartedSchema,
  planViewSchema,
  transactionViewSchema,
} from '../src';
import { codesOf, parsed } from './helpers';

afterEach(() => {
  vi.useRealTimers();
});

describe('the coupon body of POST /coupon and PUT /coupon/{id}', () => {
  it('checks the expiry against the clock of each request, not of the start', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-01T10:00:00.000Z'));
    const body = { code: 'eid-1', discount: 10, expireDate: '2030-05-01T11:00:00.000Z' };
    expect(parsed(couponSaveBodySchema, body)).toEqual({
      code: 'EID-1',
      discount: 10,
      expireDate: new Date('2030-05-01T11:00:00.000Z'),
    });
    vi.setSystemTime(new Date('2030-05-01T12:00:00.000Z'));
    expect(codesOf(couponSaveBodySchema, body)).toEqual(['expired-coupon']);
  });

  it('reports every field at once, the expiry included', () => {
    expect(codesOf(couponSaveBodySchema, { code: 'A', discount: 0, expireDate: 'soon' })).toEqual([
      'invalid-coupon-code',
      'zero-discount',
      'invalid-expire-date',
    ]);
  });
});

describe('the money answers', () => {
  const plan = {
    id: 2,
    weeklyMinutes: 120,
    baseMonthPrice: 110_000,
    monthDiscount: 0,
    quarterDiscount: 10,
    yearDiscount: 20,
    fullMonthPrice: 110_000,
    fullQuarterPrice: 330_000,
    fullYearPrice: 1_320_000,
    active: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    forInvitesOnly: false,
  };
  const transaction = {
    id: 501,
    userId: 7,
    amount: 297_000,
    status: 1,
    method: 0,
    planId: 2,
    period: 1,
    referenceNumber: null,
    createdAt: '2025-03-02T08:30:00.000Z',
    updatedAt: '2025-03-02T08:31:00.000Z',
    userName: 'سارة أحمد',
    plan: { id: 2, weeklyMinutes: 120, name: 'advance' },
    provider: 'fawry',
    providerReference: '9990001',
    orderReference: '3174090000000012345',
    refundedAmount: 0,
    couponCode: null,
    installments: null,
    expiresAt: null,
    openRefund: null,
  };

  it('carry only the fields their contract names', () => {
    expect(parsed(planViewSchema, { ...plan, secretNote: 'x' })).toEqual(plan);
    const started = parsed(paymentStartedSchema, {
      transaction: { ...transaction, cardToken: 'tok_1', couponId: 4 },
      next: { kind: 'redirect', url: 'https://bank.example/3ds', cvv: '123' },
    });
    expect(started).toEqual({
      transaction,
      next: { kind: 'redirect', url: 'https://bank.example/3ds' },
    });
  });

  it('refuse a shape the screens cannot read', () => {
    expect(transactionViewSchema.safeParse({ ...transaction, provider: 'cash' }).success).toBe(
      false,
    );
    expect(transactionViewSchema.safeParse({ ...transaction, plan: undefined }).success).toBe(
      false,
    );
  });
});

describe('the money endpoints', () => {
  const groups = [
    API.plans,
    API.planInvites,
    API.coupons,
    API.subscriptions,
    API.fawry,
    API.paymob,
    API.transactions,
  ];

  it('are all in the registry, each method and path once', () => {
    const money = groups.flatMap((group) => Object.values(group));
    expect(money).toHaveLength(39);
    for (const endpoint of money) expect(ENDPOINTS).toContain(endpoint);
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('mark the providers’ own calls as external and payment requests as idempotent', () => {
    const external = groups
      .flatMap((group) => Object.values(group))
      .filter((endpoint) => endpoint.external === true)
      .map((endpoint) => endpoint.path);
    expect(external.sort()).toEqual(['/fawry/notification', '/fawry/return', '/paymob/callback']);
    for (const endpoint of [
      API.fawry.payByCard,
      API.fawry.payByReference,
      API.fawry.payByWallet,
      API.fawry.payByInstallments,
      API.paymob.checkout,
    ]) {
      expect(endpoint.idempotent).toBe(true);
    }
  });
});
