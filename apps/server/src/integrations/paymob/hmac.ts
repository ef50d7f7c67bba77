import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paymob signs its transaction callbacks with HMAC-SHA512 (hex) over the values of twenty
 * fields, concatenated without separators in this (lexicographic) order. The server-to-server
 * "processed" callback carries them in a JSON object (`obj.id`, `obj.order.id`,
 * `obj.source_data.pan`…); the browser "response" callback (the redirection) carries the same
 * values as flat query parameters (`id`, `order`, `source_data.pan`…).
 * https://developers.paymob.com/paymob-docs/developers/webhook-callbacks-and-hmac/hmac/hmac-transaction-callback
 */
export const PAYMOB_TRANSACTION_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;
export type PaymobHmacField = (typeof PAYMOB_TRANSACTION_HMAC_FIELDS)[number];

/** A SHA-512 digest in hex. */
const HMAC_HEX = /^[0-9a-f]{128}$/i;

/** The signed fields that are booleans in Paymob's transaction object. */
const BOOLEAN_FIELDS: ReadonlySet<PaymobHmacField> = new Set([
  'error_occured',
  'has_parent_transaction',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'pending',
  'success',
]);

/**
 * How one value enters the signed string, as Paymob's own WooCommerce plugin builds it
 * (`Paymob::verifyAcceptHmac`, plugin "Paymob for WooCommerce" 4.1.12, author Paymob): each
 * boolean field becomes `'true'` when it is `true` and `'false'` otherwise, so a null boolean is
 * signed as `false`; every other value is concatenated by PHP's `.`, which writes null as the
 * empty string (a kiosk or wallet payment's `source_data.pan`, for instance). Numbers and strings
 * as written. Anything else (an object, an absent field) is not a Paymob transaction: undefined.
 */
function hmacValue(field: PaymobHmacField, value: unknown): string | undefined {
  if (BOOLEAN_FIELDS.has(field)) {
    if (value === null || value === false) return 'false';
    return value === true ? 'true' : undefined;
  }
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  return undefined;
}

function pathValue(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The string a processed (POST) callback's `obj` is signed over; undefined when one of the
 * twenty fields is missing or not a scalar, which no genuine callback does.
 */
export function transactionHmacMessage(obj: unknown): string | undefined {
  let message = '';
  for (const field of PAYMOB_TRANSACTION_HMAC_FIELDS) {
    const value = hmacValue(field, pathValue(obj, field));
    if (value === undefined) return undefined;
    message += value;
  }
  return message;
}

/** Query parameters as Fastify, `URLSearchParams` or a plain object give them. */
export type QueryInput =
  URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

/** One value per key (the first when a key is repeated); undefined for absent keys. */
export function flattenQuery(query: QueryInput): Record<string, string> {
  const flat: Record<string, string> = {};
  if (query instanceof URLSearchParams) {
    for (const [key, value] of query) if (!(key in flat)) flat[key] = value;
    return flat;
  }
  for (const [key, value] of Object.entries(query)) {
    const first = typeof value === 'string' ? value : value?.[0];
    if (first !== undefined) flat[key] = first;
  }
  return flat;
}

/**
 * The Paymob order id of a redirection: sent as `order` today; some documentation calls it
 * `order_id`. Both present and different is a forgery, not a choice.
 */
export function redirectionOrderId(query: Record<string, string>): string | undefined {
  const { order, order_id: orderId } = query;
  if (order !== undefined && orderId !== undefined && order !== orderId) return undefined;
  return order ?? orderId;
}

/** The string a redirection (GET) query is signed over; undefined when a field is missing. */
export function redirectionHmacMessage(query: QueryInput): string | undefined {
  const flat = flattenQuery(query);
  let message = '';
  for (const field of PAYMOB_TRANSACTION_HMAC_FIELDS) {
    const value = field === 'order.id' ? redirectionOrderId(flat) : flat[field];
    if (value === undefined) return undefined;
    message += value;
  }
  return message;
}

/** HMAC-SHA512 of `message` with the account's HMAC secret, lower-case hex. */
export function paymobHmac(message: string, hmacSecret: string): string {
  return createHmac('sha512', hmacSecret).update(message, 'utf8').digest('hex');
}

/** The `hmac` Paymob puts on the query string of a processed callback carrying `obj`. */
export function transactionCallbackHmac(obj: unknown, hmacSecret: string): string {
  const message = transactionHmacMessage(obj);
  if (message === undefined) throw new TypeError('Not a Paymob transaction object');
  return paymobHmac(message, hmacSecret);
}

/** The `hmac` Paymob adds to a redirection query holding these (unsigned) parameters. */
export function redirectionHmac(query: QueryInput, hmacSecret: string): string {
  const message = redirectionHmacMessage(query);
  if (message === undefined) throw new TypeError('Not a Paymob redirection query');
  return paymobHmac(message, hmacSecret);
}

/** Constant-time comparison of two hex digests, case-insensitive; false for anything else. */
export function hmacEquals(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HMAC_HEX.test(given) || !HMAC_HEX.test(expected)) {
    return false;
  }
  return timingSafeEqual(
    Buffer.from(expected.toLowerCase(), 'ascii'),
    Buffer.from(given.toLowerCase(), 'ascii'),
  );
}

/** Is `hmac` (from the callback's query string) Paymob's signature of this `obj`? */
export function verifyTransactionCallbackHmac(
  obj: unknown,
  hmac: unknown,
  hmacSecret: string,
): boolean {
  const message = transactionHmacMessage(obj);
  return message !== undefined && hmacEquals(paymobHmac(message, hmacSecret), hmac);
}

/** Is the redirection query's own `hmac` parameter Paymob's signature of its values? */
export function verifyRedirectionHmac(query: QueryInput, hmacSecret: string): boolean {
  const flat = flattenQuery(query);
  const message = redirectionHmacMessage(flat);
  return message !== undefined && hmacEquals(paymobHmac(message, hmacSecret), flat.hmac);
}
