/**
 * Transactions (spec section 7, /tx/*): everyone signed in reads their own payments, admins read
 * everyone's with filters; another person's transaction is answered `transaction-not-found`. An
 * admin settles a refund in doubt here too (served by the payments module, which owns refunds).
 */
import { z } from 'zod';
import { admins, signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { PAYMENT_METHODS, PLAN_PERIODS } from '../enums';
import { TRANSACTION_STATUSES } from '../statuses';
import { valuesOf } from '../values';
import { idParamsSchema } from '../validation';
import { instantSchema } from '../contract/query-fields';
import { idField, piastersField } from '../payments/fields';
import { settleRefundBodySchema } from '../payments/validation';
import { planSummarySchema } from '../plans/contract';
import { transactionListQuerySchema } from './validation';

export const PaymentProvider = { Fawry: 'fawry', Paymob: 'paymob' } as const;
export type PaymentProvider = (typeof PaymentProvider)[keyof typeof PaymentProvider];
export const PAYMENT_PROVIDERS = valuesOf(PaymentProvider);

/** A refund's states (issue 16): asked, refunded, refused, or sent without a readable answer. */
export const REFUND_STATES = ['requested', 'done', 'refused', 'in-doubt'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * A refund sent to the provider and not settled yet (at most one): `requested` while the call
 * runs, `in-doubt` when no readable answer came. Its amount is already in `refundedAmount`; no
 * other refund can be made until the provider's status settles it.
 */
export const openRefundSchema = z.object({
  amount: piastersField,
  state: z.enum(['requested', 'in-doubt'] satisfies RefundState[]),
  requestedAt: instantSchema,
});
export type OpenRefund = z.output<typeof openRefundSchema>;

/** A payment as spec section 3 names it. */
export const transactionSchema = z.object({
  id: idField,
  userId: idField,
  amount: piastersField,
  status: z.literal(TRANSACTION_STATUSES),
  method: z.literal(PAYMENT_METHODS),
  planId: idField.nullable(),
  period: z.literal(PLAN_PERIODS).nullable(),
  /** The payment provider's reference number (for paying at a Fawry outlet). */
  referenceNumber: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});

/** A transaction as screens show it (the student's payments page, the admin's list). */
export const transactionViewSchema = transactionSchema.extend({
  /** The payer's name, for the admin list. */
  userName: z.string(),
  plan: planSummarySchema.nullable(),
  provider: z.literal(PAYMENT_PROVIDERS),
  /** The provider's id of this payment (Fawry's reference, Paymob's order id), for support. */
  providerReference: z.string().nullable(),
  /**
   * What the providers know the order by (Fawry's `merchantRefNum`, Paymob's
   * `merchant_order_id`): the reference an admin searches for in their dashboards.
   */
  orderReference: z.string(),
  /** Piasters given back so far (0 unless Refunded or PartialRefunded). */
  refundedAmount: piastersField,
  couponCode: z.string().nullable(),
  /** Number of bank installments; null when paid at once. */
  installments: z.number().int().nullable(),
  /** When an unpaid reference number or wallet request stops working; null once settled. */
  expiresAt: instantSchema.nullable(),
  openRefund: openRefundSchema.nullable(),
});
export type TransactionView = z.output<typeof transactionViewSchema>;
export const transactionPageSchema = pageSchema(transactionViewSchema);
export type TransactionPage = z.output<typeof transactionPageSchema>;
export type LastTransactionAnswer = TransactionView | null;

export const transactionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/tx/list',
    summary: 'The caller’s transactions (admins: everyone’s, with filters)',
    access: signedIn,
    query: transactionListQuerySchema,
    responses: { 200: transactionPageSchema },
    errors: ['forbidden'],
  }),
  last: endpoint({
    method: 'GET',
    path: '/tx/last',
    summary: 'The caller’s newest transaction, or null',
    access: signedIn,
    responses: { 200: transactionViewSchema.nullable() },
  }),
  get: endpoint({
    method: 'GET',
    path: '/tx/:id',
    summary: 'One transaction (the caller’s own; admins any)',
    access: signedIn,
    params: idParamsSchema,
    responses: { 200: transactionViewSchema },
    errors: ['transaction-not-found'],
  }),
  settleRefund: endpoint({
    method: 'POST',
    path: '/tx/:id/refund/settle',
    summary: 'Settles a refund in doubt by hand, as the provider’s dashboard shows it',
    access: admins,
    params: idParamsSchema,
    body: settleRefundBodySchema,
    responses: { 200: transactionViewSchema },
    errors: ['transaction-not-found', 'refund-not-in-doubt'],
  }),
};
