/**
 * The simulator's own HMAC, written apart from the adapter's `../hmac.ts` on purpose: if both
 * sides used one function, a mistake in it (how a null is written, a field left out) would sign
 * and verify the same wrong string and every test would still pass. This one follows Paymob's own
 * WooCommerce plugin (Paymob for WooCommerce 4.1.12, `includes/helper/paymob.php`,
 * `Paymob::verifyAcceptHmac`): the ten boolean fields are `'true'` when true and `'false'`
 * otherwise (null included), every other value as PHP's `.` writes it (null is the empty string).
 */
import { createHmac } from 'node:crypto';

/** The signed fields, in the order Paymob concatenates them, as paths into the object. */
const SIGNED: readonly (readonly [path: readonly string[], boolean: boolean])[] = [
  [['amount_cents'], false],
  [['created_at'], false],
  [['currency'], false],
  [['error_occured'], true],
  [['has_parent_transaction'], true],
  [['id'], false],
  [['integration_id'], false],
  [['is_3d_secure'], true],
  [['is_auth'], true],
  [['is_capture'], true],
  [['is_refunded'], true],
  [['is_standalone_payment'], true],
  [['is_voided'], true],
  [['order', 'id'], false],
  [['owner'], false],
  [['pending'], true],
  [['source_data', 'pan'], false],
  [['source_data', 'sub_type'], false],
  [['source_data', 'type'], false],
  [['success'], true],
];

function valueAt(root: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    current =
      typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[key]
        : undefined;
  }
  return current;
}

/** PHP's string conversion of a JSON scalar (null is empty, a number as written). */
function phpString(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError('A signed field of a Paymob transaction is not a scalar');
}

/** The `hmac` on the query string of the processed callback that carries `obj`. */
export function signCallback(obj: Record<string, unknown>, hmacSecret: string): string {
  const message = SIGNED.map(([path, boolean]) => {
    const value = valueAt(obj, path);
    return boolean ? (value === true ? 'true' : 'false') : phpString(value);
  }).join('');
  return createHmac('sha512', hmacSecret).update(message, 'utf8').digest('hex');
}

/**
 * The `hmac` of a redirection: the same fields read from its flat query (`order` is the order
 * id; each value as the query writes it).
 */
export function signRedirection(query: URLSearchParams, hmacSecret: string): string {
  const message = SIGNED.map(([path]) => {
    const key = path.join('.') === 'order.id' ? 'order' : path.join('.');
    return query.get(key) ?? '';
  }).join('');
  return createHmac('sha512', hmacSecret).update(message, 'utf8').digest('hex');
}
