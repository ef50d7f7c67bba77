/** Transactions (spec section 7, /tx/*): the list's filters as a zod schema. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';
import { TRANSACTION_STATUSES } from '../statuses';
import { pageQuerySchema } from '../validation';
import { queryInstant, textId } from '../payments/fields';

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
