/**
 * Paying (spec section 7, /fawry/* and /paymob/*): request bodies and queries as zod schemas whose
 * failures carry catalogue codes (the form shows the Arabic sentence, the server answers `{code}`).
 * Money is whole piasters in every field.
 *
 * Paying never sends card numbers through our server: a card is saved on the provider's own page
 * (GET /fawry/card-token/url) and paid with its token and CVV. The amount is never sent either:
 * the server prices the plan, period and coupon with `pricePlanPurchase`, as the checkout does.
 */
import { z } from 'zod';
import { INSTALLMENT_COUNTS, PAID_PLAN_PERIODS } from '../pricing';
import {
  couponCodeSchema,
  cvvSchema,
  idParamsSchema,
  phoneSchema,
  textSchema,
} from '../validation';
import { bodyId, requiredOr } from '../contract/query-fields';
import { textId, token } from './fields';

/** Bounds of the free-text and token fields below (our choices; see docs/decisions/). */
export const REFUND_REASON_MAX_LENGTH = 500;
/** The admin's note when settling a refund in doubt by hand (what the provider's dashboard showed). */
export const REFUND_SETTLE_NOTE_MAX_LENGTH = 500;
export const CARD_TOKEN_MAX_LENGTH = 256;
export const RETURN_URL_MAX_LENGTH = 2000;

/**
 * Where the provider sends the browser back (3-D Secure, saving a card): an absolute http(s) URL.
 * The server accepts only its own apps' origins, so the field cannot be used to redirect away.
 */
export const returnUrlSchema = z
  .url({ protocol: /^https?$/, error: requiredOr() })
  .max(RETURN_URL_MAX_LENGTH, { error: 'invalid-type' });

/** The idempotency key of a payment request: a UUID the browser makes once per checkout try. */
export const idempotencyKeySchema = z
  .uuid({ error: requiredOr() })
  .transform((key) => key.toLowerCase());

/** `{id}` in a path (the shared `idParamsSchema`). */
export const numericIdParamsSchema = idParamsSchema;

/** A period a student can pay for: month 0, quarter 1, year 2 (the free trial 3 is refused). */
export const paidPlanPeriodSchema = z.literal(PAID_PLAN_PERIODS, { error: requiredOr() });

/** A coupon code field that may be left empty: "" and null count as no coupon. */
const optionalCouponCode = z.preprocess(
  (value) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  couponCodeSchema.optional(),
);

// ---------------------------------------------------------------------------------------------
// What every purchase names

/**
 * The fields of every purchase. The server prices them itself; `subscription-exists` when the
 * student already has an active subscription, `plan-not-found` for an unknown plan, one not for
 * sale or invites-only without an invite, `coupon-not-found`/`expired-coupon` for the coupon.
 * Sending the same idempotency key again answers the first request's result.
 */
export const purchaseBodySchema = z.object({
  planId: bodyId(),
  period: paidPlanPeriodSchema,
  couponCode: optionalCouponCode,
  idempotencyKey: idempotencyKeySchema,
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

// ---------------------------------------------------------------------------------------------
// Fawry

/** POST /fawry/pay/card: a saved card by its token, with its CVV; may answer `redirect` (3DS). */
export const fawryCardPaymentBodySchema = purchaseBodySchema.extend({
  cardToken: token(CARD_TOKEN_MAX_LENGTH),
  cvv: cvvSchema,
  returnUrl: returnUrlSchema,
});
export type FawryCardPaymentBody = z.input<typeof fawryCardPaymentBodySchema>;

/**
 * POST /fawry/pay/ref-num: a reference number to pay at a Fawry outlet; answers `reference`.
 * @alias of the purchase body, named for its endpoint.
 */
export const fawryReferencePaymentBodySchema = purchaseBodySchema;
export type FawryReferencePaymentBody = z.input<typeof fawryReferencePaymentBodySchema>;

/** POST /fawry/pay/e-wallet: a request to the mobile wallet of this number; answers `wallet`. */
export const fawryWalletPaymentBodySchema = purchaseBodySchema.extend({
  walletPhone: phoneSchema,
});
export type FawryWalletPaymentBody = z.input<typeof fawryWalletPaymentBodySchema>;

/**
 * POST /fawry/pay/bank-installments: a saved card paid in bank installments. The count must be
 * one the plan and period offer (`installmentOptions`), else `illegal`.
 */
export const fawryInstallmentPaymentBodySchema = fawryCardPaymentBodySchema.extend({
  installments: z.literal(INSTALLMENT_COUNTS, { error: requiredOr() }),
});
export type FawryInstallmentPaymentBody = z.input<typeof fawryInstallmentPaymentBodySchema>;

/** POST /fawry/cancel-unpaid-order: the student's New transaction becomes Canceled. */
export const cancelUnpaidOrderBodySchema = z.object({ transactionId: bodyId() });
export type CancelUnpaidOrderBody = z.input<typeof cancelUnpaidOrderBodySchema>;

/**
 * POST /fawry/refund (admins): the whole remaining amount, or `amount` piasters of it (a partial
 * refund); more than what remains is `illegal`. Answers the TransactionView.
 * `expectedRefundedAmount` is the transaction's `refundedAmount` as the admin's screen showed it:
 * when it changed meanwhile the refund is refused (`illegal`), so a double click (or two admins
 * at once) refunds once. Send it; without it only refunds at the very same moment are caught.
 */
export const refundBodySchema = z.object({
  transactionId: bodyId(),
  amount: z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .positive({ error: 'invalid-type' })
    .optional(),
  reason: token(REFUND_REASON_MAX_LENGTH),
  expectedRefundedAmount: z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .nonnegative({ error: 'invalid-type' })
    .optional(),
});
export type RefundBody = z.input<typeof refundBodySchema>;

/** How an admin settles a refund in doubt after checking the provider's dashboard. */
export const REFUND_SETTLE_OUTCOMES = ['done', 'refused'] as const;
export type RefundSettleOutcome = (typeof REFUND_SETTLE_OUTCOMES)[number];

/**
 * POST /tx/{id}/refund/settle (admins; ours, not in the spec): the transaction's refund in doubt
 * becomes `done` (the provider's dashboard shows it refunded: status and subscription as the
 * automatic path does) or `refused` (it shows no such refund: the amount is given back). `note`
 * (required) says what the admin saw. Only a refund in doubt, once: anything else answers
 * `refund-not-in-doubt` (409). Answers the TransactionView.
 */
export const settleRefundBodySchema = z.object({
  outcome: z.enum(REFUND_SETTLE_OUTCOMES, { error: requiredOr() }),
  note: textSchema(requiredOr())
    .trim()
    .min(1, { error: 'required' })
    .max(REFUND_SETTLE_NOTE_MAX_LENGTH, { error: 'invalid-type' }),
});
export type SettleRefundBody = z.input<typeof settleRefundBodySchema>;

// Saved cards

/**
 * DELETE /fawry/card-token: forgets one of the caller's cards. The token travels in the body,
 * not the URL, so it stays out of access logs.
 */
export const deleteCardTokenBodySchema = z.object({ token: token(CARD_TOKEN_MAX_LENGTH) });
export type DeleteCardTokenBody = z.input<typeof deleteCardTokenBodySchema>;

/** GET /fawry/card-token/url: the provider's page for saving a card; it returns to `returnUrl`. */
export const cardTokenUrlQuerySchema = z.object({ returnUrl: returnUrlSchema });
export type CardTokenUrlQuery = z.input<typeof cardTokenUrlQuerySchema>;

// A payment's status

/**
 * GET /fawry/payment-status: the stored TransactionView (own, or any for admins) with what the
 * provider says of it right now (`providerStatus`, null when the provider has no such order or
 * cannot be asked, as Paymob); nothing is changed (POST .../sync applies it).
 */
export const paymentStatusQuerySchema = z.object({ transactionId: textId() });
export type PaymentStatusQuery = z.input<typeof paymentStatusQuerySchema>;

/** POST /fawry/payment-status/sync: asks the provider now; answers the updated TransactionView. */
export const paymentStatusSyncBodySchema = z.object({ transactionId: bodyId() });
export type PaymentStatusSyncBody = z.input<typeof paymentStatusSyncBodySchema>;

// Fawry's own calls: checked by their signature inside, so their inputs stay permissive.

/** POST /fawry/notification: Fawry's server notification (its V2 JSON), any body. */
export const providerNotificationBodySchema = z.unknown();

/**
 * GET /fawry/return: where the browser comes back after 3-D Secure. `tx` is our transaction, `to`
 * the web page to go on to; Fawry's own fields (its signature among them) are kept as they come.
 */
export const fawryReturnQuerySchema = z
  .object({ tx: textId(), to: z.string().max(RETURN_URL_MAX_LENGTH).optional() })
  .loose();

// ---------------------------------------------------------------------------------------------
// Paymob

/**
 * POST /paymob/create-checkout-url: a purchase paid on Paymob's hosted page.
 * @alias of the purchase body, named for its endpoint.
 */
export const paymobCheckoutBodySchema = purchaseBodySchema;
export type PaymobCheckoutBody = z.input<typeof paymobCheckoutBodySchema>;

/** POST /paymob/callback: Paymob's transaction callback; its HMAC comes in the query string. */
export const paymobCallbackQuerySchema = z.object({ hmac: z.string().max(256).optional() }).loose();
