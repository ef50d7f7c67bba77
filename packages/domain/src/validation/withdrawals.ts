/** A tutor's withdrawal request and the invoice an admin keeps of it. */

import { z } from 'zod';
import { WITHDRAWAL_MAX_PIASTERS, WITHDRAWAL_MIN_PIASTERS } from '../constants';
import { BANKS, WithdrawMethod, WITHDRAW_METHODS } from '../enums';
import { isReadableText, toAsciiDigits } from '../text';
import { phoneSchema, userNameSchema } from './accounts';
import { boundedInteger, boundedText, integer, oneOf, rule, text, textSchema } from './blocks';

export const INVOICE_NOTE_MAX_LENGTH = 500;
export const INSTAPAY_USERNAME_MIN_LENGTH = 3;
export const INSTAPAY_USERNAME_MAX_LENGTH = 50;
/** Local account numbers run from 8 digits; an Egyptian IBAN has 27 digits after "EG". */
export const ACCOUNT_NUMBER_MIN_LENGTH = 8;
export const ACCOUNT_NUMBER_MAX_LENGTH = 29;

/** The tutor's amount field, in piasters, with the spec's fixed 100-50000 EGP message. */
export const withdrawalAmountSchema = boundedInteger(
  WITHDRAWAL_MIN_PIASTERS,
  WITHDRAWAL_MAX_PIASTERS,
  'invalid-withdrawal-amount',
);

export interface WithdrawLimits {
  /** Piasters. */
  min: number;
  /** Piasters. */
  max: number;
}

export const DEFAULT_WITHDRAW_LIMITS: WithdrawLimits = {
  min: WITHDRAWAL_MIN_PIASTERS,
  max: WITHDRAWAL_MAX_PIASTERS,
};

/** A withdrawal bound may not pass 1,000,000 EGP: a typo's extra zeros, not a policy. */
export const WITHDRAWAL_LIMIT_MAX_PIASTERS = 1_000_000 * 100;

/**
 * The widest bounds an admin can set (platform settings, decision 339): what a request's shape
 * is checked against before the server holds it to the bounds of that moment.
 */
export const SETTABLE_WITHDRAW_LIMITS: WithdrawLimits = {
  min: 1,
  max: WITHDRAWAL_LIMIT_MAX_PIASTERS,
};

/** Platform withdraw limits as an admin sets them, in piasters. */
export const withdrawLimitsSchema = z
  .object({ min: integer(), max: integer() })
  .superRefine((limits, ctx) => {
    for (const key of ['min', 'max'] as const) {
      if (limits[key] <= 0) {
        ctx.addIssue({ code: 'custom', message: 'withdraw-limit-not-positive', path: [key] });
      }
    }
    if (limits.min > 0 && limits.max > 0 && limits.min > limits.max) {
      ctx.addIssue({ code: 'custom', message: 'withdraw-min-above-max', path: ['min'] });
    }
  });

/** An invoice amount in piasters against the platform's current limits. */
export const invoiceAmountSchema = (limits: WithdrawLimits = DEFAULT_WITHDRAW_LIMITS) =>
  boundedInteger(limits.min, limits.max, 'invoice-amount-below-min', 'invoice-amount-above-max');

/** The admin's note on an invoice. */
export const invoiceNoteSchema = boundedText({
  min: 1,
  max: INVOICE_NOTE_MAX_LENGTH,
  empty: 'invoice-note-empty',
  tooShort: 'invoice-note-empty',
  tooLong: 'invoice-note-too-long',
  invalid: 'invoice-note-invalid',
  isValid: isReadableText,
});

export const invoiceMethodSchema = oneOf(WITHDRAW_METHODS, 'invalid-invoice-method');

const INSTAPAY_PATTERN = new RegExp(
  `^[a-z0-9._-]{${INSTAPAY_USERNAME_MIN_LENGTH},${INSTAPAY_USERNAME_MAX_LENGTH}}@instapay$`,
);

/** An Instapay payment address (IPA), e.g. `ahmed.ali@instapay`; lower-cased. */
export const instapayAddressSchema = text()
  .trim()
  .toLowerCase()
  .superRefine(
    rule((address: string) =>
      INSTAPAY_PATTERN.test(address) ? undefined : 'invalid-instapay-address',
    ),
  );

/** One of the seven banks, by its code (CIB, NBE ...); case does not matter. */
export const bankSchema = textSchema((issue) =>
  issue.input == null ? 'bank-name-empty' : 'invalid-bank-name',
)
  .trim()
  .toUpperCase()
  .superRefine(
    rule((bank: string) => {
      if (bank === '') return 'bank-name-empty';
      return (BANKS as readonly string[]).includes(bank) ? undefined : 'invalid-bank-name';
    }),
  );

const ACCOUNT_NUMBER_PATTERN = new RegExp(
  `^(?:EG\\d{27}|\\d{${ACCOUNT_NUMBER_MIN_LENGTH},${ACCOUNT_NUMBER_MAX_LENGTH}})$`,
);

/** A local account number (digits) or an Egyptian IBAN; spaces and dashes are dropped. */
export const accountNumberSchema = text()
  .transform((value) => toAsciiDigits(value).replace(/[\s-]/g, '').toUpperCase())
  .superRefine(
    rule((account: string) =>
      ACCOUNT_NUMBER_PATTERN.test(account) ? undefined : 'invalid-account-number',
    ),
  );

/**
 * A tutor's withdrawal request. What identifies the receiver depends on the method: a wallet
 * phone number, a bank account with its holder's name, or an Instapay address.
 */
export const withdrawalRequestSchema = (limits: WithdrawLimits = DEFAULT_WITHDRAW_LIMITS) =>
  z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal(WithdrawMethod.Wallet),
        amount: invoiceAmountSchema(limits),
        phone: phoneSchema,
      }),
      z.object({
        method: z.literal(WithdrawMethod.Bank),
        amount: invoiceAmountSchema(limits),
        bank: bankSchema,
        accountNumber: accountNumberSchema,
        username: userNameSchema,
      }),
      z.object({
        method: z.literal(WithdrawMethod.Instapay),
        amount: invoiceAmountSchema(limits),
        instapayAddress: instapayAddressSchema,
      }),
    ],
    { error: 'invalid-invoice-method' },
  );
