import { describe, expect, it } from 'vitest';
import {
  cancelSubscriptionBodySchema,
  cancelUnpaidOrderBodySchema,
  CARD_TOKEN_MAX_LENGTH,
  cardTokenUrlQuerySchema,
  couponBodySchema,
  couponCodeParamsSchema,
  couponListQuerySchema,
  createPlanBodySchema,
  createPlanInviteBodySchema,
  deleteCardTokenBodySchema,
  fawryCardPaymentBodySchema,
  fawryInstallmentPaymentBodySchema,
  fawryReferencePaymentBodySchema,
  fawryWalletPaymentBodySchema,
  idempotencyKeySchema,
  numericIdParamsSchema,
  paidPlanPeriodSchema,
  paymentStatusQuerySchema,
  paymentStatusSyncBodySchema,
  paymobCheckoutBodySchema,
  planInviteListQuerySchema,
  planListQuerySchema,
  planSummaryOf,
  purchaseBodySchema,
  REFUND_REASON_MAX_LENGTH,
  refundBodySchema,
  RETURN_URL_MAX_LENGTH,
  returnUrlSchema,
  subscriptionListQuerySchema,
  transactionListQuerySchema,
  updatePlanBodySchema,
  updatePlanInviteBodySchema,
} from '../src';
import { PlanPeriod } from '../src/enums';
import { isValidationCode } from '../src/errors';
import { TransactionStatus } from '../src/statuses';
import { PLAN_PRICE_MAX_PIASTERS } from '../src/validation';
import { codeOf, codesOf, parsed, repeat } from './helpers';

const KEY = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const purchase = { planId: 2, period: PlanPeriod.Quarter, idempotencyKey: KEY };
const card = {
  ...purchase,
  cardToken: 'tok_0123456789',
  cvv: '123',
  returnUrl: 'https://app.talaqa.example/checkout/2/quarter',
};

describe('plans', () => {
  const plan = {
    weeklyMinutes: 120,
    baseMonthPrice: 110_000,
    monthDiscount: 0,
    quarterDiscount: 10,
    yearDiscount: 20,
  };

  it('create is the plan form', () => {
    expect(parsed(createPlanBodySchema, plan)).toEqual({ ...plan, forInvitesOnly: false });
    expect(codeOf(createPlanBodySchema, { ...plan, baseMonthPrice: 0 })).toBe('invalid-plan-price');
    expect(codeOf(createPlanBodySchema, { ...plan, weeklyMinutes: undefined })).toBe('required');
  });

  it('update changes only what is sent, never resets the invites-only flag', () => {
    expect(parsed(updatePlanBodySchema, { weeklyMinutes: 90 })).toEqual({ weeklyMinutes: 90 });
    expect(parsed(updatePlanBodySchema, { active: false })).toEqual({ active: false });
    expect(codeOf(updatePlanBodySchema, { baseMonthPrice: PLAN_PRICE_MAX_PIASTERS })).toBeNull();
    expect(codeOf(updatePlanBodySchema, { baseMonthPrice: PLAN_PRICE_MAX_PIASTERS + 1 })).toBe(
      'invalid-plan-price',
    );
    expect(codeOf(updatePlanBodySchema, { yearDiscount: 101 })).toBe('invalid-plan-discount');
    expect(codeOf(updatePlanBodySchema, { forInvitesOnly: 'yes' })).toBe('invalid-type');
    expect(updatePlanBodySchema.safeParse({}).error?.issues[0]?.message).toBe('empty-request');
  });

  it('list takes paging and an includeInactive flag', () => {
    expect(parsed(planListQuerySchema, {})).toEqual({ page: 1, size: 10 });
    expect(parsed(planListQuerySchema, { includeInactive: 'true', page: '2' })).toEqual({
      page: 2,
      size: 10,
      includeInactive: true,
    });
    expect(parsed(planListQuerySchema, { includeInactive: 'false' }).includeInactive).toBe(false);
    expect(codeOf(planListQuerySchema, { includeInactive: 'yes' })).toBe('invalid-type');
    expect(codeOf(planListQuerySchema, { size: '101' })).toBe('invalid-page-size');
  });

  it('ids in paths are positive whole numbers', () => {
    expect(parsed(numericIdParamsSchema, { id: '7' })).toEqual({ id: 7 });
    for (const id of ['0', '-1', '1.5', 'abc']) {
      expect(codeOf(numericIdParamsSchema, { id })).toBe('invalid-type');
    }
  });

  it('a summary names the three plans by their minutes', () => {
    expect(planSummaryOf({ id: 3, weeklyMinutes: 230 })).toEqual({
      id: 3,
      weeklyMinutes: 230,
      name: 'professional',
    });
    expect(planSummaryOf({ id: 4, weeklyMinutes: 90 }).name).toBeNull();
  });
});

describe('plan invites', () => {
  it('name a user and a plan', () => {
    expect(codeOf(createPlanInviteBodySchema, { userId: 1, planId: 1 })).toBeNull();
    expect(codeOf(createPlanInviteBodySchema, { userId: 1 })).toBe('required');
    expect(codeOf(createPlanInviteBodySchema, { userId: 0, planId: 1 })).toBe('invalid-type');
    expect(codeOf(createPlanInviteBodySchema, { userId: '1', planId: 1 })).toBe('invalid-type');
    expect(codeOf(updatePlanInviteBodySchema, { id: 5, planId: 2 })).toBeNull();
    expect(codeOf(updatePlanInviteBodySchema, { planId: 2 })).toBe('required');
    expect(parsed(planInviteListQuerySchema, { planId: '3' })).toEqual({
      page: 1,
      size: 10,
      planId: 3,
    });
  });
});

describe('coupons', () => {
  const now = new Date('2025-06-15T10:00:00Z');

  it('the body is the coupon form', () => {
    expect(
      parsed(couponBodySchema(now), { code: 'eid1', discount: 100, expireDate: '2025-06-16' }),
    ).toMatchObject({ code: 'EID1', discount: 100 });
    expect(
      codeOf(couponBodySchema(now), { code: 'EID1', discount: 0, expireDate: '2025-06-16' }),
    ).toBe('zero-discount');
    expect(
      codeOf(couponBodySchema(now), { code: 'EID1', discount: 101, expireDate: '2025-06-16' }),
    ).toBe('max-discount-exceeded');
    expect(
      codeOf(couponBodySchema(now), { code: 'EID1', discount: 5, expireDate: '2025-06-14' }),
    ).toBe('expired-coupon');
  });

  it('the code in the path is read like the field', () => {
    expect(parsed(couponCodeParamsSchema, { code: 'summer-25' })).toEqual({ code: 'SUMMER-25' });
    expect(codeOf(couponCodeParamsSchema, { code: 'AB' })).toBe('invalid-coupon-code');
  });

  it('the list hides expired coupons unless asked', () => {
    expect(parsed(couponListQuerySchema, { includeExpired: true }).includeExpired).toBe(true);
    expect(parsed(couponListQuerySchema, {}).includeExpired).toBeUndefined();
  });
});

describe('purchases', () => {
  it('name a plan, a paid period and an idempotency key', () => {
    expect(parsed(purchaseBodySchema, purchase)).toEqual(purchase);
    expect(codeOf(purchaseBodySchema, { ...purchase, planId: undefined })).toBe('required');
    expect(codeOf(purchaseBodySchema, { ...purchase, idempotencyKey: undefined })).toBe('required');
    expect(codeOf(purchaseBodySchema, { ...purchase, period: undefined })).toBe('required');
    expect(codesOf(purchaseBodySchema, {})).toEqual(['required', 'required', 'required']);
  });

  it('the free trial is never paid for', () => {
    for (const period of [PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.Year]) {
      expect(codeOf(paidPlanPeriodSchema, period)).toBeNull();
    }
    expect(codeOf(paidPlanPeriodSchema, PlanPeriod.FreeTrial)).toBe('invalid-type');
    expect(codeOf(paidPlanPeriodSchema, 'year')).toBe('invalid-type');
  });

  it('the idempotency key is a UUID, lower-cased', () => {
    expect(parsed(idempotencyKeySchema, KEY.toUpperCase())).toBe(KEY);
    expect(codeOf(idempotencyKeySchema, crypto.randomUUID())).toBeNull();
    for (const key of ['', 'abc', `${KEY}0`, KEY.replace(/-/g, ''), 42]) {
      expect(codeOf(idempotencyKeySchema, key)).toBe('invalid-type');
    }
  });

  it('an empty coupon field means no coupon; a bad one is invalid-coupon-code', () => {
    expect(parsed(purchaseBodySchema, { ...purchase, couponCode: '' }).couponCode).toBeUndefined();
    expect(
      parsed(purchaseBodySchema, { ...purchase, couponCode: null }).couponCode,
    ).toBeUndefined();
    expect(parsed(purchaseBodySchema, { ...purchase, couponCode: ' eid-25 ' }).couponCode).toBe(
      'EID-25',
    );
    expect(codeOf(purchaseBodySchema, { ...purchase, couponCode: 'X' })).toBe(
      'invalid-coupon-code',
    );
  });

  it('carries no amount: the server prices it', () => {
    expect(parsed(purchaseBodySchema, { ...purchase, amount: 1 })).not.toHaveProperty('amount');
  });

  it('reference number and Paymob take the purchase alone', () => {
    expect(codeOf(fawryReferencePaymentBodySchema, purchase)).toBeNull();
    expect(codeOf(paymobCheckoutBodySchema, purchase)).toBeNull();
  });
});

describe('Fawry', () => {
  it('card: token, CVV and a return URL for 3-D Secure', () => {
    expect(parsed(fawryCardPaymentBodySchema, { ...card, cvv: '٠٤٢' }).cvv).toBe('042');
    expect(codeOf(fawryCardPaymentBodySchema, { ...card, cvv: '12' })).toBe('invalid-cvv');
    expect(codeOf(fawryCardPaymentBodySchema, { ...card, cvv: '1234' })).toBe('invalid-cvv');
    expect(codeOf(fawryCardPaymentBodySchema, { ...card, cardToken: ' ' })).toBe('required');
    expect(
      codeOf(fawryCardPaymentBodySchema, {
        ...card,
        cardToken: repeat('t', CARD_TOKEN_MAX_LENGTH),
      }),
    ).toBeNull();
    expect(
      codeOf(fawryCardPaymentBodySchema, {
        ...card,
        cardToken: repeat('t', CARD_TOKEN_MAX_LENGTH + 1),
      }),
    ).toBe('invalid-type');
    expect(codeOf(fawryCardPaymentBodySchema, { ...card, returnUrl: undefined })).toBe('required');
  });

  it('return URLs are absolute http(s) URLs of bounded length', () => {
    expect(codeOf(returnUrlSchema, 'http://localhost:4100/card-added')).toBeNull();
    const long = 'https://a.example/';
    expect(codeOf(returnUrlSchema, long + repeat('x', RETURN_URL_MAX_LENGTH - long.length))).toBe(
      null,
    );
    expect(
      codeOf(returnUrlSchema, long + repeat('x', RETURN_URL_MAX_LENGTH - long.length + 1)),
    ).toBe('invalid-type');
    for (const url of ['javascript:alert(1)', '/card-added', 'ftp://a.example/x', '']) {
      expect(codeOf(returnUrlSchema, url)).toBe('invalid-type');
    }
    expect(parsed(cardTokenUrlQuerySchema, { returnUrl: 'https://a.example/card-added' })).toEqual({
      returnUrl: 'https://a.example/card-added',
    });
  });

  it('e-wallet: an Egyptian mobile number', () => {
    expect(
      parsed(fawryWalletPaymentBodySchema, { ...purchase, walletPhone: '010 1234 5678' })
        .walletPhone,
    ).toBe('+201012345678');
    expect(codeOf(fawryWalletPaymentBodySchema, purchase)).toBe('phone-required');
    expect(codeOf(fawryWalletPaymentBodySchema, { ...purchase, walletPhone: '0221234567' })).toBe(
      'invalid-phone',
    );
  });

  it('bank installments: 2, 3 or 4 payments with a card', () => {
    for (const installments of [2, 3, 4]) {
      expect(codeOf(fawryInstallmentPaymentBodySchema, { ...card, installments })).toBeNull();
    }
    for (const installments of [1, 5, 2.5, '2']) {
      expect(codeOf(fawryInstallmentPaymentBodySchema, { ...card, installments })).toBe(
        'invalid-type',
      );
    }
    expect(codeOf(fawryInstallmentPaymentBodySchema, card)).toBe('required');
    expect(codeOf(fawryInstallmentPaymentBodySchema, { ...card, installments: 2, cvv: '' })).toBe(
      'invalid-cvv',
    );
  });

  it('cancel, status and sync name a transaction', () => {
    expect(codeOf(cancelUnpaidOrderBodySchema, { transactionId: 1 })).toBeNull();
    expect(codeOf(cancelUnpaidOrderBodySchema, {})).toBe('required');
    expect(codeOf(paymentStatusSyncBodySchema, { transactionId: -1 })).toBe('invalid-type');
    expect(parsed(paymentStatusQuerySchema, { transactionId: '12' })).toEqual({
      transactionId: 12,
    });
    expect(codeOf(paymentStatusQuerySchema, {})).toBe('invalid-type');
  });

  it('refund: all or a positive whole amount, with a reason', () => {
    const refund = { transactionId: 1, reason: 'طلب الطالب' };
    expect(parsed(refundBodySchema, refund)).toEqual(refund);
    expect(codeOf(refundBodySchema, { ...refund, amount: 1 })).toBeNull();
    for (const amount of [0, -100, 10.5, '100']) {
      expect(codeOf(refundBodySchema, { ...refund, amount })).toBe('invalid-type');
    }
    expect(codeOf(refundBodySchema, { ...refund, reason: '  ' })).toBe('required');
    expect(codeOf(refundBodySchema, { transactionId: 1 })).toBe('required');
    expect(
      codeOf(refundBodySchema, { ...refund, reason: repeat('ب', REFUND_REASON_MAX_LENGTH) }),
    ).toBeNull();
    expect(
      codeOf(refundBodySchema, { ...refund, reason: repeat('ب', REFUND_REASON_MAX_LENGTH + 1) }),
    ).toBe('invalid-type');
  });

  it('deleting a card names its token', () => {
    expect(codeOf(deleteCardTokenBodySchema, { token: 'tok_1' })).toBeNull();
    expect(codeOf(deleteCardTokenBodySchema, {})).toBe('required');
  });
});

describe('subscriptions and transactions', () => {
  it('cancel: own subscription without an id, an admin names one', () => {
    expect(parsed(cancelSubscriptionBodySchema, {})).toEqual({});
    expect(codeOf(cancelSubscriptionBodySchema, { subscriptionId: 3 })).toBeNull();
    expect(codeOf(cancelSubscriptionBodySchema, { subscriptionId: 0 })).toBe('invalid-type');
  });

  it('subscription list filters', () => {
    expect(parsed(subscriptionListQuerySchema, { state: 'active', userId: '4' })).toEqual({
      page: 1,
      size: 10,
      state: 'active',
      userId: 4,
    });
    expect(codeOf(subscriptionListQuerySchema, { state: 'paused' })).toBe('invalid-type');
  });

  it('transaction list filters', () => {
    expect(
      parsed(transactionListQuerySchema, {
        status: String(TransactionStatus.PartialRefunded),
        method: '3',
        from: '2025-06-01T00:00:00+03:00',
        page: '2',
        size: '50',
      }),
    ).toEqual({
      page: 2,
      size: 50,
      status: TransactionStatus.PartialRefunded,
      method: 3,
      from: new Date('2025-05-31T21:00:00Z'),
      order: 'desc',
    });
    expect(codeOf(transactionListQuerySchema, { status: '8' })).toBe('invalid-type');
    expect(codeOf(transactionListQuerySchema, { method: '4' })).toBe('invalid-type');
    expect(codeOf(transactionListQuerySchema, { from: '2025-06-01' })).toBe('invalid-type');
    expect(codeOf(transactionListQuerySchema, { to: '2025-06-01T00:00:00' })).toBe('invalid-type');
    expect(codeOf(transactionListQuerySchema, { order: 'up' })).toBe('invalid-type');
    expect(codeOf(transactionListQuerySchema, { page: '0' })).toBe('invalid-page');
  });
});

describe('every failure is a catalogue code', () => {
  const cases: [string, { safeParse: (value: unknown) => { error?: unknown } }, unknown][] = [
    ['purchase', purchaseBodySchema, { planId: 'x', period: 9, idempotencyKey: 1, couponCode: 5 }],
    ['card', fawryCardPaymentBodySchema, { cardToken: 5, cvv: 5, returnUrl: 5 }],
    ['installments', fawryInstallmentPaymentBodySchema, { installments: null }],
    ['wallet', fawryWalletPaymentBodySchema, { walletPhone: 5 }],
    ['refund', refundBodySchema, { transactionId: null, amount: 'x', reason: 5 }],
    ['plan update', updatePlanBodySchema, { weeklyMinutes: 'x', active: 'x' }],
    ['tx list', transactionListQuerySchema, { status: 'x', userId: 'x', from: 'x' }],
  ];

  it.each(cases)('%s', (_name, schema, value) => {
    const result = schema.safeParse(value) as {
      error?: { issues: { message: string }[] };
    };
    expect(result.error?.issues.length).toBeGreaterThan(0);
    for (const issue of result.error?.issues ?? []) {
      expect(isValidationCode(issue.message), issue.message).toBe(true);
    }
  });
});
