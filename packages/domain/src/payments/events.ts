/**
 * The realtime payload of payments: TransactionStatusUpdate, the transaction as screens show it,
 * to the buyer's open tabs after the change commits. The event's place in the channel is in
 * ../realtime.
 */
import { z } from 'zod';
import type { PaymentProvider, TransactionView } from '../api/payments';
import { PAYMENT_PROVIDERS } from '../api/payments';
import { instantSchema } from '../contract/query-fields';
import { PAYMENT_METHODS, PLAN_NAMES, PLAN_PERIODS } from '../enums';
import { TRANSACTION_STATUSES } from '../statuses';

const id = z.number().int();
const piasters = z.number().int();

/** A transaction as screens show it (the student's payments page, the admin's list). */
export const transactionViewSchema = z.object({
  id,
  userId: id,
  amount: piasters,
  status: z.literal(TRANSACTION_STATUSES),
  method: z.literal(PAYMENT_METHODS),
  planId: id.nullable(),
  period: z.literal(PLAN_PERIODS).nullable(),
  referenceNumber: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  userName: z.string(),
  plan: z
    .object({ id, weeklyMinutes: z.number().int(), name: z.literal(PLAN_NAMES).nullable() })
    .nullable(),
  provider: z.literal(PAYMENT_PROVIDERS as readonly PaymentProvider[]),
  providerReference: z.string().nullable(),
  orderReference: z.string(),
  refundedAmount: piasters,
  couponCode: z.string().nullable(),
  installments: z.number().int().nullable(),
  expiresAt: instantSchema.nullable(),
  openRefund: z
    .object({
      amount: piasters,
      state: z.enum(['requested', 'in-doubt']),
      requestedAt: instantSchema,
    })
    .nullable(),
}) satisfies z.ZodType<TransactionView>;
