/**
 * What Paymob sends back on its own: the transaction processed callback (server to server, the
 * truth) and the browser's redirection (for the page shown only). Both carry an HMAC.
 */
import { z } from 'zod';
import { PaymobError } from '../errors';
import {
  flattenQuery,
  redirectionOrderId,
  verifyRedirectionHmac,
  verifyTransactionCallbackHmac,
} from '../hmac';
import type { QueryInput } from '../hmac';
import type { PaymobRedirection, PaymobTransaction } from '../interface';
import { transactionObjSchema } from '../wire';
import type { PaymobContext } from './context';
import { toPaymobTransaction } from './transaction';

const digits = z.string().regex(/^\d+$/).transform(Number);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const redirectionSchema = z.object({
  id: digits,
  amount_cents: digits,
  currency: z.string().min(1),
  success: flag,
  pending: flag,
  merchant_order_id: z.string().optional(),
  'data.message': z.string().optional(),
});

export function verifyCallback(
  ctx: PaymobContext,
  body: unknown,
  hmac: unknown,
): PaymobTransaction {
  if (typeof body !== 'object' || body === null) {
    throw new PaymobError('invalid-request', 'Paymob callback body is not a JSON object');
  }
  const { type, obj } = body as { type?: unknown; obj?: unknown };
  if (type !== 'TRANSACTION') {
    throw new PaymobError('invalid-request', `Unsupported Paymob callback type: ${String(type)}`);
  }
  if (!verifyTransactionCallbackHmac(obj, hmac, ctx.hmacSecret)) {
    ctx.logger?.warn({ operation: 'callback' }, 'Paymob callback with a wrong HMAC');
    throw new PaymobError('invalid-signature', 'Paymob callback HMAC does not match');
  }
  const parsed = transactionObjSchema.safeParse(obj);
  if (!parsed.success) {
    throw new PaymobError('invalid-request', 'Paymob callback transaction is incomplete');
  }
  return toPaymobTransaction(parsed.data);
}

export function verifyRedirection(ctx: PaymobContext, query: QueryInput): PaymobRedirection {
  const flat = flattenQuery(query);
  if (!verifyRedirectionHmac(flat, ctx.hmacSecret)) {
    throw new PaymobError('invalid-signature', 'Paymob redirection HMAC does not match');
  }
  const parsed = redirectionSchema.safeParse(flat);
  const orderId = redirectionOrderId(flat);
  if (!parsed.success || orderId === undefined || !/^\d+$/.test(orderId)) {
    throw new PaymobError('invalid-request', 'Paymob redirection query is incomplete');
  }
  const value = parsed.data;
  return {
    transactionId: value.id,
    paymobOrderId: Number(orderId),
    merchantReference: value.merchant_order_id || undefined,
    amountPiasters: value.amount_cents,
    currency: value.currency,
    success: value.success,
    pending: value.pending,
    message: value['data.message'],
  };
}
