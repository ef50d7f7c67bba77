/**
 * Paying with Fawry (/fawry/*: saved cards, reference numbers, e-wallets, bank installments,
 * status, sync, cancelling, refunds, and Fawry's own calls) and on Paymob's hosted checkout
 * (/paymob/*), with the shapes they answer. A payment request is idempotent: the browser sends
 * the same key (body and `Idempotency-Key` header) when it repeats one. Fawry's notification,
 * its 3-D Secure return and Paymob's callback carry signatures instead of a session.
 */
import { z } from 'zod';
import { admins, anyone, rolesOnly, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import type { ErrorCode } from '../errors';
import { Role } from '../enums';
import { valuesOf } from '../values';
import { transactionViewSchema } from '../transactions/contract';
import { instantSchema } from '../contract/query-fields';
import { piastersField } from './fields';
import {
  cancelUnpaidOrderBodySchema,
  cardTokenUrlQuerySchema,
  deleteCardTokenBodySchema,
  fawryCardPaymentBodySchema,
  fawryInstallmentPaymentBodySchema,
  fawryReferencePaymentBodySchema,
  fawryReturnQuerySchema,
  fawryWalletPaymentBodySchema,
  paymentStatusQuerySchema,
  paymentStatusSyncBodySchema,
  paymobCallbackQuerySchema,
  paymobCheckoutBodySchema,
  providerNotificationBodySchema,
  refundBodySchema,
} from './validation';

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
export const paymentNextStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('done') }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('reference'), referenceNumber: z.string(), expiresAt: instantSchema }),
  z.object({
    kind: z.literal('wallet'),
    walletPhone: z.string(),
    redirectUrl: z.string().nullable(),
    expiresAt: instantSchema,
  }),
]);
export type PaymentNextStep = z.output<typeof paymentNextStepSchema>;
export type PaymentNextStepKind = PaymentNextStep['kind'];

/** The answer of every POST /fawry/pay/... route. */
export const paymentStartedSchema = z.object({
  transaction: transactionViewSchema,
  next: paymentNextStepSchema,
});
export type PaymentStarted = z.output<typeof paymentStartedSchema>;

export const CardBrand = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  Meeza: 'meeza',
  Other: 'other',
} as const;
export type CardBrand = (typeof CardBrand)[keyof typeof CardBrand];
export const CARD_BRANDS = valuesOf(CardBrand);

/** A card saved with Fawry (GET /fawry/card-token/list answers CardToken[]). */
export const cardTokenSchema = z.object({
  token: z.string(),
  last4: z.string(),
  brand: z.literal(CARD_BRANDS),
  /** `MM/YY` when the provider tells. */
  expiry: z.string().optional(),
});
export type CardToken = z.output<typeof cardTokenSchema>;

export const cardTokenUrlAnswerSchema = z.object({ url: z.string() });
export type CardTokenUrlAnswer = z.output<typeof cardTokenUrlAnswerSchema>;

/** The provider's word on a payment, in our terms. */
export const providerPaymentStatusSchema = z.object({
  state: z.enum([
    'unpaid',
    'paid',
    'canceled',
    'expired',
    'refunded',
    'partially-refunded',
    'failed',
  ]),
  /** As the provider wrote it (NEW, UNPAID, PAID...). */
  orderStatus: z.string(),
  /** What the customer pays or paid, fees included. */
  paidAmount: piastersField,
  referenceNumber: z.string().nullable(),
  paidAt: instantSchema.nullable(),
});
export type ProviderPaymentStatus = z.output<typeof providerPaymentStatusSchema>;

export const paymentStatusAnswerSchema = transactionViewSchema.extend({
  providerStatus: providerPaymentStatusSchema.nullable(),
});
export type PaymentStatusAnswer = z.output<typeof paymentStatusAnswerSchema>;

/**
 * GET /fawry/payment-methods (anyone): the methods this server offers beyond card, wallet and
 * reference number. Bank installments stay off until confirmed on Fawry's staging.
 */
export const paymentMethodsAnswerSchema = z.object({ bankInstallments: z.boolean() });
export type PaymentMethodsAnswer = z.output<typeof paymentMethodsAnswerSchema>;

export const paymobCheckoutAnswerSchema = z.object({
  url: z.string(),
  transactionId: z.number().int(),
});
export type PaymobCheckoutAnswer = z.output<typeof paymobCheckoutAnswerSchema>;

/** A provider's call was applied (or was known already): it stops retrying. */
export const notificationAcceptedSchema = z.object({ ok: z.literal(true) });

/** The browser goes on to a page of the web app (`Location`), whatever the return named. */
export const redirectAnswer = z.null().meta({ description: 'See Other: the Location header' });

const students = rolesOnly(Role.Student);

/** What any purchase may be refused with, beyond its fields. */
const PURCHASE_ERRORS: ErrorCode[] = [
  'plan-not-found',
  'coupon-not-found',
  'expired-coupon',
  'subscription-exists',
  'open-payment-exists',
  'unverified-email',
  'phone-required',
  'illegal',
  'fawry-error',
  'too-many-requests',
];

/** A purchase paid with one of Fawry's methods (the idempotency key names the try). */
const fawryPay = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    access: students,
    body,
    idempotent: true,
    responses: { 200: paymentStartedSchema },
    errors: PURCHASE_ERRORS,
  });

export const fawryEndpoints = {
  payByCard: fawryPay(
    '/fawry/pay/card',
    'Pays a purchase with a saved card and its CVV (may need 3-D Secure)',
    fawryCardPaymentBodySchema,
  ),
  payByReference: fawryPay(
    '/fawry/pay/ref-num',
    'A reference number to pay a purchase at a Fawry outlet',
    fawryReferencePaymentBodySchema,
  ),
  payByWallet: fawryPay(
    '/fawry/pay/e-wallet',
    'A payment request to a mobile wallet',
    fawryWalletPaymentBodySchema,
  ),
  payByInstallments: fawryPay(
    '/fawry/pay/bank-installments',
    'Pays a purchase with a saved card in bank installments',
    fawryInstallmentPaymentBodySchema,
  ),
  paymentMethods: endpoint({
    method: 'GET',
    path: '/fawry/payment-methods',
    summary: 'Whether bank installments are offered',
    access: anyone,
    responses: { 200: paymentMethodsAnswerSchema },
  }),
  cancelUnpaidOrder: endpoint({
    method: 'POST',
    path: '/fawry/cancel-unpaid-order',
    summary: 'Cancels the caller’s unpaid order',
    access: students,
    body: cancelUnpaidOrderBodySchema,
    responses: { 200: transactionViewSchema },
    errors: ['transaction-not-found', 'forbidden', 'illegal', 'fawry-error'],
  }),
  refund: endpoint({
    method: 'POST',
    path: '/fawry/refund',
    summary: 'Refunds a payment, whole or in part',
    access: admins,
    body: refundBodySchema,
    responses: { 200: transactionViewSchema },
    errors: ['transaction-not-found', 'illegal', 'refund-in-doubt', 'fawry-error'],
  }),
  paymentStatus: endpoint({
    method: 'GET',
    path: '/fawry/payment-status',
    summary: 'A transaction and what its provider says of it now (nothing changes)',
    access: signedIn,
    query: paymentStatusQuerySchema,
    responses: { 200: paymentStatusAnswerSchema },
    errors: ['transaction-not-found', 'fawry-error'],
  }),
  syncPaymentStatus: endpoint({
    method: 'POST',
    path: '/fawry/payment-status/sync',
    summary: 'Asks the provider for a transaction’s status now and applies it',
    access: signedIn,
    body: paymentStatusSyncBodySchema,
    responses: { 200: transactionViewSchema },
    errors: ['transaction-not-found', 'fawry-error'],
  }),
  listCards: endpoint({
    method: 'GET',
    path: '/fawry/card-token/list',
    summary: 'The caller’s cards saved with Fawry',
    access: students,
    responses: { 200: z.array(cardTokenSchema) },
    errors: ['fawry-error'],
  }),
  deleteCard: endpoint({
    method: 'DELETE',
    path: '/fawry/card-token',
    summary: 'Forgets one of the caller’s saved cards (the token in the body)',
    access: students,
    body: deleteCardTokenBodySchema,
    responses: { 204: noContent },
    errors: ['not-found', 'fawry-error'],
  }),
  addCardUrl: endpoint({
    method: 'GET',
    path: '/fawry/card-token/url',
    summary: 'Fawry’s page for saving a card, returning to a page of the web app',
    access: students,
    query: cardTokenUrlQuerySchema,
    responses: { 200: cardTokenUrlAnswerSchema },
  }),
  notification: endpoint({
    method: 'POST',
    path: '/fawry/notification',
    summary: 'Fawry’s server notification of a payment (signed)',
    access: anyone,
    body: providerNotificationBodySchema,
    responses: { 200: notificationAcceptedSchema },
    external: true,
  }),
  return: endpoint({
    method: 'GET',
    path: '/fawry/return',
    summary: 'Where the browser comes back after 3-D Secure; goes on to the web app',
    access: anyone,
    query: fawryReturnQuerySchema,
    responses: { 303: redirectAnswer },
    external: true,
  }),
};

export const paymobEndpoints = {
  checkout: endpoint({
    method: 'POST',
    path: '/paymob/create-checkout-url',
    summary: 'Paymob’s hosted checkout page for a purchase',
    access: students,
    body: paymobCheckoutBodySchema,
    idempotent: true,
    responses: { 200: paymobCheckoutAnswerSchema },
    errors: PURCHASE_ERRORS,
  }),
  callback: endpoint({
    method: 'POST',
    path: '/paymob/callback',
    summary: 'Paymob’s transaction callback (HMAC-signed)',
    access: anyone,
    query: paymobCallbackQuerySchema,
    body: providerNotificationBodySchema,
    responses: { 200: notificationAcceptedSchema },
    external: true,
  }),
};
