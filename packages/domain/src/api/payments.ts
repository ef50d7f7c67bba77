/**
 * The plans, coupons, payments (Fawry and Paymob), subscriptions and transactions API of spec
 * section 7: request bodies and queries as zod schemas whose failures carry catalogue codes (the
 * form shows the Arabic sentence, the server answers `{code}`), and the shapes the server answers.
 * Paths are relative to /api/v1. Money is whole piasters in every field.
 *
 * Paying never sends card numbers through our server: a card is saved on the provider's own page
 * (GET /fawry/card-token/url) and paid with its token and CVV. The amount is never sent either:
 * the server prices the plan, period and coupon with `pricePlanPurchase`, as the checkout does.
 */
import { z } from 'zod';
import type {
  Coupon,
  IsoDateTime,
  Page,
  Piasters,
  Plan,
  PlanInvite,
  Subscription,
  Transaction,
} from '../entities';
import { PAYMENT_METHODS, planNameOfWeeklyMinutes } from '../enums';
import type { PlanName } from '../enums';
import type { ValidationCode } from '../errors';
import { INSTALLMENT_COUNTS, PAID_PLAN_PERIODS } from '../pricing';
import { TRANSACTION_STATUSES } from '../statuses';
import { valuesOf } from '../values';
import {
  idParamsSchema,
  idSchema,
  idTextSchema,
  textSchema,
  couponCodeSchema,
  couponSchema,
  cvvSchema,
  pageQuerySchema,
  phoneSchema,
  planDiscountSchema,
  planPriceSchema,
  planSchema,
  weeklyMinutesSchema,
} from '../validation';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Bounds of the free-text and token fields below (our choices; see docs/decisions/). */
export const REFUND_REASON_MAX_LENGTH = 500;
/** The admin's note when settling a refund in doubt by hand (what the provider's dashboard showed). */
export const REFUND_SETTLE_NOTE_MAX_LENGTH = 500;
export const CARD_TOKEN_MAX_LENGTH = 256;
export const RETURN_URL_MAX_LENGTH = 2000;

/** Missing is `required`; present but of the wrong kind `invalid-type`. */
const requiredOr =
  (code: ValidationCode = 'invalid-type') =>
  (issue: { input?: unknown }): ValidationCode =>
    issue.input == null ? 'required' : code;

/** An id in a JSON body: the shared rule (1 to ID_MAX). */
const bodyId = () => idSchema;

/** An id in a path or a query string: the shared rule (digits, 1 to ID_MAX). */
const textId = () => idTextSchema;

/** `true`/`false` in a query string (a real boolean is accepted too); absent stays undefined. */
const queryFlag = () =>
  z
    .preprocess(
      (value) => (typeof value === 'boolean' ? String(value) : value),
      z.enum(['true', 'false'], { error: 'invalid-type' }),
    )
    .transform((value) => value === 'true')
    .optional();

/** An ISO instant with its offset in a query string, as a Date. */
const queryInstant = () =>
  z.iso
    .datetime({ offset: true, error: 'invalid-type' })
    .transform((value) => new Date(value))
    .optional();

/** A trimmed string of 1 to `max` characters: empty is `required`, longer `invalid-type`. */
const token = (max: number) =>
  textSchema(requiredOr()).trim().min(1, { error: 'required' }).max(max, { error: 'invalid-type' });

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
// Plans

/** A plan's id, weekly minutes and plans-page name (null for a plan with other minutes). */
export interface PlanSummary {
  id: number;
  weeklyMinutes: number;
  name: PlanName | null;
}

export const planSummaryOf = (plan: Pick<Plan, 'id' | 'weeklyMinutes'>): PlanSummary => ({
  id: plan.id,
  weeklyMinutes: plan.weeklyMinutes,
  name: planNameOfWeeklyMinutes(plan.weeklyMinutes),
});

/** POST /plan (admins): answers the Plan, its full period prices computed by `fullPeriodPrices`. */
export const createPlanBodySchema = planSchema;
export type CreatePlanBody = z.input<typeof createPlanBodySchema>;

/**
 * PATCH /plan/{id} (admins): only the fields sent change; `active: false` stops selling the plan
 * (its subscriptions keep running). A new price counts for purchases from then on. An empty body
 * is refused (`empty-request`).
 */
export const updatePlanBodySchema = z
  .object({
    weeklyMinutes: weeklyMinutesSchema.optional(),
    baseMonthPrice: planPriceSchema.optional(),
    monthDiscount: planDiscountSchema.optional(),
    quarterDiscount: planDiscountSchema.optional(),
    yearDiscount: planDiscountSchema.optional(),
    // Not planSchema.partial(): its default would quietly reset the flag on every edit.
    forInvitesOnly: z.boolean({ error: 'invalid-type' }).optional(),
    active: z.boolean({ error: 'invalid-type' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'empty-request',
  });
export type UpdatePlanBody = z.input<typeof updatePlanBodySchema>;

/**
 * DELETE /plan/{id} (admins): a plan nobody bought is deleted; one with subscriptions or
 * transactions is deactivated instead (`deactivated: true`), since they refer to it.
 */
export interface PlanDeletedAnswer {
  id: number;
  deactivated: boolean;
}

/**
 * GET /plan/list: students see the active plans open to everyone plus those they are invited to;
 * admins see every plan, inactive ones only with `includeInactive=true`. GET /plan/{id} answers a
 * Plan with the same visibility (`plan-not-found` otherwise).
 */
export const planListQuerySchema = pageQuerySchema.extend({ includeInactive: queryFlag() });
export type PlanListQuery = z.input<typeof planListQuerySchema>;
export type PlanPage = Page<Plan>;

// ---------------------------------------------------------------------------------------------
// Plan invites (admins): who may buy an invites-only plan

export interface PlanInviteView extends PlanInvite {
  userName: string;
  userEmail: string;
  plan: PlanSummary;
  createdAt: IsoDateTime;
}

/** GET /plan-invite/list */
export const planInviteListQuerySchema = pageQuerySchema.extend({
  planId: textId().optional(),
  userId: textId().optional(),
});
export type PlanInviteListQuery = z.input<typeof planInviteListQuerySchema>;
export type PlanInvitePage = Page<PlanInviteView>;

/** POST /plan-invite: answers the PlanInviteView (`user-not-found`, `plan-not-found`). */
export const createPlanInviteBodySchema = z.object({ userId: bodyId(), planId: bodyId() });
export type CreatePlanInviteBody = z.input<typeof createPlanInviteBodySchema>;

/** PATCH /plan-invite: points an invite at another plan; answers the PlanInviteView. */
export const updatePlanInviteBodySchema = z.object({ id: bodyId(), planId: bodyId() });
export type UpdatePlanInviteBody = z.input<typeof updatePlanInviteBodySchema>;

// DELETE /plan-invite/{id} answers nothing (204).

// ---------------------------------------------------------------------------------------------
// Coupons

/** POST /coupon and PUT /coupon/{id} (admins): the whole coupon; answers the Coupon. */
export const couponBodySchema = (now: Date) => couponSchema(now);
export type CouponBody = z.input<ReturnType<typeof couponBodySchema>>;

/** GET /coupon/list (admins): expired coupons only with `includeExpired=true`. */
export const couponListQuerySchema = pageQuerySchema.extend({ includeExpired: queryFlag() });
export type CouponListQuery = z.input<typeof couponListQuerySchema>;
export type CouponPage = Page<Coupon>;

/**
 * GET /coupon/code/{code} (signed in): the Coupon when it can be used now; `coupon-not-found` for
 * an unknown code, `expired-coupon` (400) for one past its expiry (see `isCouponActive`). The code
 * is read like the form field: trimmed and upper-cased, `invalid-coupon-code` when malformed.
 */
export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });

// GET and DELETE /coupon/{id} answer the Coupon and nothing (204).

// ---------------------------------------------------------------------------------------------
// Paying: what every purchase names

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

export const PaymentProvider = { Fawry: 'fawry', Paymob: 'paymob' } as const;
export type PaymentProvider = (typeof PaymentProvider)[keyof typeof PaymentProvider];
export const PAYMENT_PROVIDERS = valuesOf(PaymentProvider);

/** A transaction as screens show it (the student's payments page, the admin's list). */
export interface TransactionView extends Transaction {
  /** The payer's name, for the admin list. */
  userName: string;
  plan: PlanSummary | null;
  provider: PaymentProvider;
  /** The provider's id of this payment (Fawry's reference, Paymob's order id), for support. */
  providerReference: string | null;
  /**
   * What the providers know the order by (Fawry's `merchantRefNum`, Paymob's
   * `merchant_order_id`): the reference an admin searches for in their dashboards.
   */
  orderReference: string;
  /** Piasters given back so far (0 unless Refunded or PartialRefunded). */
  refundedAmount: Piasters;
  couponCode: string | null;
  /** Number of bank installments; null when paid at once. */
  installments: number | null;
  /** When an unpaid reference number or wallet request stops working; null once settled. */
  expiresAt: IsoDateTime | null;
  /**
   * A refund sent to the provider and not settled yet (at most one): `requested` while the call
   * runs, `in-doubt` when no readable answer came. Its amount is already in `refundedAmount`; no
   * other refund can be made until the provider's status settles it.
   */
  openRefund: OpenRefund | null;
}

/** A refund's states (issue 16): asked, refunded, refused, or sent without a readable answer. */
export const REFUND_STATES = ['requested', 'done', 'refused', 'in-doubt'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export interface OpenRefund {
  amount: Piasters;
  state: Extract<RefundState, 'requested' | 'in-doubt'>;
  requestedAt: IsoDateTime;
}

/**
 * What to do after a payment request:
 * - `done`: the provider settled at once; `transaction.status` is Paid (or Failed for a declined
 *   card: the checkout says so and offers another method);
 * - `redirect`: open `url` (the bank's 3-D Secure page, Paymob's checkout); the provider sends the
 *   browser back to the return URL and the status arrives by callback and TransactionStatusUpdate;
 * - `reference`: pay `referenceNumber` at any Fawry outlet or app before `expiresAt`;
 * - `wallet`: approve the request in the wallet app of `walletPhone` (or at `redirectUrl` when the
 *   wallet gives one) before `expiresAt`.
 */
export type PaymentNextStep =
  | { kind: 'done' }
  | { kind: 'redirect'; url: string }
  | { kind: 'reference'; referenceNumber: string; expiresAt: IsoDateTime }
  | { kind: 'wallet'; walletPhone: string; redirectUrl: string | null; expiresAt: IsoDateTime };
export type PaymentNextStepKind = PaymentNextStep['kind'];

/** The answer of every POST /fawry/pay/... route. */
export interface PaymentStarted {
  transaction: TransactionView;
  next: PaymentNextStep;
}

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

export const CardBrand = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  Meeza: 'meeza',
  Other: 'other',
} as const;
export type CardBrand = (typeof CardBrand)[keyof typeof CardBrand];
export const CARD_BRANDS = valuesOf(CardBrand);

/** A card saved with Fawry (GET /fawry/card-token/list answers CardToken[]). */
export interface CardToken {
  token: string;
  last4: string;
  brand: CardBrand;
  /** `MM/YY` when the provider tells. */
  expiry?: string;
}

/**
 * DELETE /fawry/card-token: forgets one of the caller's cards. The token travels in the body,
 * not the URL, so it stays out of access logs.
 */
export const deleteCardTokenBodySchema = z.object({ token: token(CARD_TOKEN_MAX_LENGTH) });
export type DeleteCardTokenBody = z.input<typeof deleteCardTokenBodySchema>;

/** GET /fawry/card-token/url: the provider's page for saving a card; it returns to `returnUrl`. */
export const cardTokenUrlQuerySchema = z.object({ returnUrl: returnUrlSchema });
export type CardTokenUrlQuery = z.input<typeof cardTokenUrlQuerySchema>;
export interface CardTokenUrlAnswer {
  url: string;
}

/**
 * GET /fawry/payment-status: the stored TransactionView (own, or any for admins) with what the
 * provider says of it right now (`providerStatus`, null when the provider has no such order or
 * cannot be asked, as Paymob); nothing is changed (POST .../sync applies it).
 */
export const paymentStatusQuerySchema = z.object({ transactionId: textId() });
export type PaymentStatusQuery = z.input<typeof paymentStatusQuerySchema>;

/** The provider's word on a payment, in our terms. */
export interface ProviderPaymentStatus {
  state: 'unpaid' | 'paid' | 'canceled' | 'expired' | 'refunded' | 'partially-refunded' | 'failed';
  /** As the provider wrote it (NEW, UNPAID, PAID...). */
  orderStatus: string;
  /** What the customer pays or paid, fees included. */
  paidAmount: Piasters;
  referenceNumber: string | null;
  paidAt: IsoDateTime | null;
}
export interface PaymentStatusAnswer extends TransactionView {
  providerStatus: ProviderPaymentStatus | null;
}

/** POST /fawry/payment-status/sync: asks the provider now; answers the updated TransactionView. */
export const paymentStatusSyncBodySchema = z.object({ transactionId: bodyId() });
export type PaymentStatusSyncBody = z.input<typeof paymentStatusSyncBodySchema>;

/**
 * GET /fawry/payment-methods (anyone): the methods this server offers beyond card, wallet and
 * reference number. Bank installments stay off until confirmed on Fawry's staging.
 */
export interface PaymentMethodsAnswer {
  bankInstallments: boolean;
}

// ---------------------------------------------------------------------------------------------
// Paymob

/**
 * POST /paymob/create-checkout-url: a purchase paid on Paymob's hosted page.
 * @alias of the purchase body, named for its endpoint.
 */
export const paymobCheckoutBodySchema = purchaseBodySchema;
export type PaymobCheckoutBody = z.input<typeof paymobCheckoutBodySchema>;
export interface PaymobCheckoutAnswer {
  url: string;
  transactionId: number;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export const SubscriptionState = {
  Active: 'active',
  Canceled: 'canceled',
  Ended: 'ended',
} as const;
export type SubscriptionState = (typeof SubscriptionState)[keyof typeof SubscriptionState];
export const SUBSCRIPTION_STATES = valuesOf(SubscriptionState);

/** A subscription with its plan and where its weekly minutes stand. */
export interface SubscriptionView extends Subscription {
  plan: Plan;
  state: SubscriptionState;
  canceledAt: IsoDateTime | null;
  /** When the current quota week began (the last renewal, or the start). */
  weekStartedAt: IsoDateTime;
  /** When the weekly minutes are next restored; null when the subscription ends first. */
  nextRenewalAt: IsoDateTime | null;
  /** False once more lessons were taken than cancelling allows (`subscription-uncancellable`). */
  cancellable: boolean;
  /** The payment that bought it; null for a free trial or one an admin granted. */
  transactionId: number | null;
}

/** GET /sub/list (admins); GET /sub/{id} answers a SubscriptionView (own, or any for admins). */
export const subscriptionListQuerySchema = pageQuerySchema.extend({
  userId: textId().optional(),
  planId: textId().optional(),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'invalid-type' }).optional(),
});
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;
export type SubscriptionPage = Page<SubscriptionView>;

/** GET /sub/user: the caller's active subscription, or null. */
export type CurrentSubscriptionAnswer = SubscriptionView | null;

/**
 * PATCH /sub/cancel: a student cancels their own active subscription (no id); an admin names one.
 * Answers the SubscriptionView (`subscription-not-found`, `subscription-uncancellable`).
 */
export const cancelSubscriptionBodySchema = z.object({ subscriptionId: bodyId().optional() });
export type CancelSubscriptionBody = z.input<typeof cancelSubscriptionBodySchema>;

// ---------------------------------------------------------------------------------------------
// Transactions

/**
 * GET /tx/list: a student's own transactions (a `userId` other than theirs is `forbidden`);
 * admins see everyone's with these filters. `from` is inclusive, `to` exclusive, on createdAt.
 * GET /tx/{id} answers a TransactionView; GET /tx/last the caller's newest one, or null.
 */
export const transactionListQuerySchema = pageQuerySchema.extend({
  status: z.coerce
    .number({ error: 'invalid-type' })
    .pipe(z.literal(TRANSACTION_STATUSES, { error: 'invalid-type' }))
    .optional(),
  method: z.coerce
    .number({ error: 'invalid-type' })
    .pipe(z.literal(PAYMENT_METHODS, { error: 'invalid-type' }))
    .optional(),
  userId: textId().optional(),
  planId: textId().optional(),
  from: queryInstant(),
  to: queryInstant(),
  order: z.enum(['asc', 'desc'], { error: 'invalid-type' }).default('desc'),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;
export type TransactionListFilters = z.output<typeof transactionListQuerySchema>;
export type TransactionPage = Page<TransactionView>;
export type LastTransactionAnswer = TransactionView | null;
