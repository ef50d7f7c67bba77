import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MAX_PIASTERS, WITHDRAWAL_MIN_PIASTERS } from '../src/constants';
import { WithdrawMethod } from '../src/enums';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  accountNumberSchema,
  bankSchema,
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  couponCodeSchema,
  couponDiscountSchema,
  couponExpireDateSchema,
  couponSchema,
  cvvSchema,
  INVOICE_NOTE_MAX_LENGTH,
  instapayAddressSchema,
  invoiceAmountSchema,
  invoiceMethodSchema,
  invoiceNoteSchema,
  PLAN_PRICE_MAX_PIASTERS,
  planDiscountSchema,
  planPriceSchema,
  planSchema,
  WEEKLY_MINUTES_MAX,
  WEEKLY_MINUTES_MIN,
  weeklyMinutesSchema,
  withdrawalAmountSchema,
  withdrawalRequestSchema,
  withdrawLimitsSchema,
} from '../src/validation';
import { codeOf, codesOf, parsed, repeat } from './helpers';

describe('withdrawal amount (piasters)', () => {
  it('is 100 to 50000 EGP', () => {
    expect(codeOf(withdrawalAmountSchema, WITHDRAWAL_MIN_PIASTERS)).toBeNull();
    expect(codeOf(withdrawalAmountSchema, WITHDRAWAL_MAX_PIASTERS)).toBeNull();
    expect(codeOf(withdrawalAmountSchema, WITHDRAWAL_MIN_PIASTERS - 1)).toBe(
      'invalid-withdrawal-amount',
    );
    expect(codeOf(withdrawalAmountSchema, WITHDRAWAL_MAX_PIASTERS + 1)).toBe(
      'invalid-withdrawal-amount',
    );
    expect(codeOf(withdrawalAmountSchema, 10_000.5)).toBe('invalid-type');
  });
});

describe('withdraw limits', () => {
  it('need positive limits with min not above max', () => {
    expect(codeOf(withdrawLimitsSchema, { min: 1, max: 1 })).toBeNull();
    expect(codeOf(withdrawLimitsSchema, { min: 2, max: 1 })).toBe('withdraw-min-above-max');
    expect(codesOf(withdrawLimitsSchema, { min: 0, max: -5 })).toEqual([
      'withdraw-limit-not-positive',
      'withdraw-limit-not-positive',
    ]);
    expect(codeOf(withdrawLimitsSchema, { min: 100, max: 0 })).toBe('withdraw-limit-not-positive');
  });
});

describe('invoices', () => {
  const limits = { min: 5_000, max: 100_000 };

  it('amount is checked against the current limits', () => {
    const amount = invoiceAmountSchema(limits);
    expect(codeOf(amount, limits.min)).toBeNull();
    expect(codeOf(amount, limits.max)).toBeNull();
    expect(codeOf(amount, limits.min - 1)).toBe('invoice-amount-below-min');
    expect(codeOf(amount, limits.max + 1)).toBe('invoice-amount-above-max');
    expect(codeOf(invoiceAmountSchema(), WITHDRAWAL_MIN_PIASTERS - 1)).toBe(
      'invoice-amount-below-min',
    );
  });

  it('note is 1 to 500 readable characters', () => {
    expect(codeOf(invoiceNoteSchema, 'تم')).toBeNull();
    expect(codeOf(invoiceNoteSchema, repeat('a', INVOICE_NOTE_MAX_LENGTH))).toBeNull();
    expect(codeOf(invoiceNoteSchema, ' ')).toBe('invoice-note-empty');
    expect(codeOf(invoiceNoteSchema, repeat('a', INVOICE_NOTE_MAX_LENGTH + 1))).toBe(
      'invoice-note-too-long',
    );
    expect(codeOf(invoiceNoteSchema, '123')).toBe('invoice-note-invalid');
  });

  it('method is wallet, bank or instapay', () => {
    expect(codeOf(invoiceMethodSchema, WithdrawMethod.Instapay)).toBeNull();
    expect(codeOf(invoiceMethodSchema, 3)).toBe('invalid-invoice-method');
    expect(codeOf(invoiceMethodSchema, 'bank')).toBe('invalid-invoice-method');
  });

  it('instapay address is name@instapay, lower-cased', () => {
    expect(parsed(instapayAddressSchema, ' Ahmed.Ali@InstaPay ')).toBe('ahmed.ali@instapay');
    expect(codeOf(instapayAddressSchema, 'abc@instapay')).toBeNull();
    expect(codeOf(instapayAddressSchema, `${repeat('a', 50)}@instapay`)).toBeNull();
    expect(codeOf(instapayAddressSchema, 'ab@instapay')).toBe('invalid-instapay-address');
    expect(codeOf(instapayAddressSchema, `${repeat('a', 51)}@instapay`)).toBe(
      'invalid-instapay-address',
    );
    expect(codeOf(instapayAddressSchema, 'ahmed@gmail.com')).toBe('invalid-instapay-address');
    expect(codeOf(instapayAddressSchema, 'ahmed ali@instapay')).toBe('invalid-instapay-address');
  });

  it('bank is one of the seven, by code', () => {
    expect(parsed(bankSchema, ' nbe ')).toBe('NBE');
    expect(codeOf(bankSchema, 'AAIB')).toBeNull();
    expect(codeOf(bankSchema, '')).toBe('bank-name-empty');
    expect(codeOf(bankSchema, undefined)).toBe('bank-name-empty');
    expect(codeOf(bankSchema, 'HSBC')).toBe('invalid-bank-name');
  });

  it('account number is 8 to 29 digits or an Egyptian IBAN', () => {
    const digits = (length: number) => repeat('1', length);
    expect(codeOf(accountNumberSchema, digits(ACCOUNT_NUMBER_MIN_LENGTH))).toBeNull();
    expect(codeOf(accountNumberSchema, digits(ACCOUNT_NUMBER_MAX_LENGTH))).toBeNull();
    expect(codeOf(accountNumberSchema, digits(ACCOUNT_NUMBER_MIN_LENGTH - 1))).toBe(
      'invalid-account-number',
    );
    expect(codeOf(accountNumberSchema, digits(ACCOUNT_NUMBER_MAX_LENGTH + 1))).toBe(
      'invalid-account-number',
    );
    expect(parsed(accountNumberSchema, 'eg38 0019 0005 0000 0000 2631 8000 2')).toBe(
      'EG380019000500000000263180002',
    );
    expect(parsed(accountNumberSchema, '١٢٣٤-٥٦٧٨-٩٠')).toBe('1234567890');
    expect(codeOf(accountNumberSchema, '1234abcd')).toBe('invalid-account-number');
  });

  it('a withdrawal request names the receiver its method needs', () => {
    const schema = withdrawalRequestSchema();
    const amount = 20_000;
    expect(codeOf(schema, { method: 0, amount, phone: '01012345678' })).toBeNull();
    expect(codeOf(schema, { method: 0, amount })).toBe('phone-required');
    const bank = {
      method: 1,
      amount,
      bank: 'CIB',
      accountNumber: '12345678',
      username: 'Sara Ali',
    };
    expect(codeOf(schema, bank)).toBeNull();
    expect(codeOf(schema, { ...bank, bank: '' })).toBe('bank-name-empty');
    expect(codeOf(schema, { ...bank, username: 'Sara' })).toBe('name-too-short');
    expect(codeOf(schema, { method: 2, amount, instapayAddress: 'sara@instapay' })).toBeNull();
    expect(codeOf(schema, { method: 2, amount: 100, instapayAddress: 'sara@instapay' })).toBe(
      'invoice-amount-below-min',
    );
    expect(codeOf(schema, { method: 9, amount })).toBe('invalid-invoice-method');
    expect(parsed(schema, { method: 0, amount, phone: '01012345678' })).toEqual({
      method: 0,
      amount,
      phone: '+201012345678',
    });
  });
});

describe('coupons', () => {
  const now = new Date('2025-06-15T10:00:00Z');

  it('code is 4 to 20 upper-case letters and digits, hyphens inside', () => {
    expect(parsed(couponCodeSchema, ' summer-25 ')).toBe('SUMMER-25');
    expect(codeOf(couponCodeSchema, repeat('A', COUPON_CODE_MIN_LENGTH))).toBeNull();
    expect(codeOf(couponCodeSchema, repeat('A', COUPON_CODE_MAX_LENGTH))).toBeNull();
    expect(codeOf(couponCodeSchema, repeat('A', COUPON_CODE_MIN_LENGTH - 1))).toBe(
      'invalid-coupon-code',
    );
    expect(codeOf(couponCodeSchema, repeat('A', COUPON_CODE_MAX_LENGTH + 1))).toBe(
      'invalid-coupon-code',
    );
    for (const code of ['-ABCD', 'ABCD-', 'AB--CD', 'AB CD', 'خصم2025']) {
      expect(codeOf(couponCodeSchema, code)).toBe('invalid-coupon-code');
    }
  });

  it('discount is 1 to 100 whole percents', () => {
    expect(codeOf(couponDiscountSchema, 1)).toBeNull();
    expect(codeOf(couponDiscountSchema, 100)).toBeNull();
    expect(codeOf(couponDiscountSchema, 0)).toBe('zero-discount');
    expect(codeOf(couponDiscountSchema, -5)).toBe('zero-discount');
    expect(codeOf(couponDiscountSchema, 101)).toBe('max-discount-exceeded');
    expect(codeOf(couponDiscountSchema, 10.5)).toBe('invalid-type');
  });

  it('expiry must be a real date after now', () => {
    const expiry = couponExpireDateSchema(now);
    expect(parsed(expiry, '2025-06-15T10:00:01Z')).toEqual(new Date('2025-06-15T10:00:01Z'));
    expect(codeOf(expiry, '2025-06-15T10:00:00Z')).toBe('expired-coupon');
    expect(codeOf(expiry, '2025-06-15T13:00:00+03:00')).toBe('expired-coupon');
    expect(codeOf(expiry, new Date('2025-07-01T00:00:00Z'))).toBeNull();
    expect(codeOf(expiry, 'next week')).toBe('invalid-expire-date');
    expect(codeOf(expiry, '2025-06-20T10:00:00')).toBe('invalid-expire-date'); // no offset
    expect(codeOf(expiry, '2025-02-30')).toBe('invalid-expire-date');
    expect(codeOf(expiry, new Date(Number.NaN))).toBe('invalid-expire-date');
    expect(codeOf(expiry, 1_750_000_000_000)).toBe('invalid-expire-date');
    expect(codeOf(expiry, undefined)).toBe('required');
  });

  it('a plain date lasts through that day in Cairo', () => {
    const expiry = couponExpireDateSchema(now);
    // 15 June is a summer day (UTC+3): it ends at 21:00 UTC.
    expect(parsed(expiry, '2025-06-15')).toEqual(new Date('2025-06-15T21:00:00Z'));
    expect(codeOf(expiry, '2025-06-14')).toBe('expired-coupon');
    expect(parsed(couponExpireDateSchema(new Date('2025-01-01T00:00:00Z')), '2025-01-01')).toEqual(
      new Date('2025-01-01T22:00:00Z'),
    );
  });

  it('a whole coupon', () => {
    const coupon = { code: 'ramadan', discount: 20, expireDate: '2025-07-01' };
    expect(parsed(couponSchema(now), coupon)).toEqual({
      code: 'RAMADAN',
      discount: 20,
      expireDate: new Date('2025-07-01T21:00:00Z'),
    });
  });
});

describe('plans', () => {
  it('weekly minutes are 15 to 1680 whole minutes', () => {
    expect(codeOf(weeklyMinutesSchema, WEEKLY_MINUTES_MIN)).toBeNull();
    expect(codeOf(weeklyMinutesSchema, 230)).toBeNull();
    expect(codeOf(weeklyMinutesSchema, WEEKLY_MINUTES_MAX)).toBeNull();
    expect(codeOf(weeklyMinutesSchema, WEEKLY_MINUTES_MIN - 1)).toBe('invalid-weekly-minutes');
    expect(codeOf(weeklyMinutesSchema, WEEKLY_MINUTES_MAX + 1)).toBe('invalid-weekly-minutes');
  });

  it('price is 1 to 10,000,000 whole piasters', () => {
    expect(codeOf(planPriceSchema, 1)).toBeNull();
    expect(codeOf(planPriceSchema, PLAN_PRICE_MAX_PIASTERS)).toBeNull();
    expect(codeOf(planPriceSchema, 0)).toBe('invalid-plan-price');
    expect(codeOf(planPriceSchema, PLAN_PRICE_MAX_PIASTERS + 1)).toBe('invalid-plan-price');
    expect(codeOf(planPriceSchema, 99.5)).toBe('invalid-plan-price');
  });

  it('discount is 0 to 100 whole percents', () => {
    expect(codeOf(planDiscountSchema, 0)).toBeNull();
    expect(codeOf(planDiscountSchema, 100)).toBeNull();
    expect(codeOf(planDiscountSchema, -1)).toBe('invalid-plan-discount');
    expect(codeOf(planDiscountSchema, 101)).toBe('invalid-plan-discount');
    expect(codeOf(planDiscountSchema, 12.5)).toBe('invalid-plan-discount');
  });

  it('a whole plan, for everyone unless said otherwise', () => {
    const plan = {
      weeklyMinutes: 60,
      baseMonthPrice: 80_000,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
    };
    expect(parsed(planSchema, plan)).toEqual({ ...plan, forInvitesOnly: false });
    expect(codeOf(planSchema, { ...plan, yearDiscount: 120 })).toBe('invalid-plan-discount');
  });
});

describe('CVV', () => {
  it('is exactly three digits', () => {
    expect(parsed(cvvSchema, '٠٤٢')).toBe('042');
    expect(codeOf(cvvSchema, '12')).toBe('invalid-cvv');
    expect(codeOf(cvvSchema, '1234')).toBe('invalid-cvv');
    expect(codeOf(cvvSchema, '12a')).toBe('invalid-cvv');
  });
});
