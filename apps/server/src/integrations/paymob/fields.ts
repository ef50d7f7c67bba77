/**
 * The lengths Paymob accepts for the free-text fields of an intention, and the pure functions
 * that fit our values into them. Paymob is a Django REST framework service: a `CharField`'s
 * `max_length` counts Python `len(str)`, i.e. Unicode code points (an Arabic letter and each of
 * its marks count one each, an emoji one), and a longer value is refused with 400
 * `{"billing_data": {"first_name": ["Ensure this field has no more than 50 characters."]}}`.
 * JavaScript's `.length` counts UTF-16 units, so we count with the string iterator instead.
 */

/** Code points Paymob accepts per field (see README.md for where each number comes from). */
export const PAYMOB_FIELD_LIMITS = {
  'billing_data.first_name': 50,
  'billing_data.last_name': 50,
  'customer.first_name': 50,
  'customer.last_name': 50,
  'items.name': 50,
  'items.description': 255,
  special_reference: 255,
} as const;
export type PaymobLimitedField = keyof typeof PAYMOB_FIELD_LIMITS;

/** Length as Paymob (Python) counts it: code points. */
export const paymobLength = (value: string): number => [...value].length;

/** The first `max` code points of `value`. */
const firstCodePoints = (value: string, max: number): string => [...value].slice(0, max).join('');

/** Runs of white space become one space; the ends are trimmed. */
export const normaliseSpaces = (value: string): string => value.trim().split(/\s+/u).join(' ');

/**
 * `value` (spaces normalised) cut to at most `max` code points on a word boundary: the longest
 * run of whole leading words that fits. Only when the first word alone is longer than `max` is
 * it cut inside the word (there is no boundary to cut on). Never empty for a non-blank value.
 */
export function fitToLimit(value: string, max: number): string {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  const text = normaliseSpaces(value);
  if (paymobLength(text) <= max) return text;
  const words = text.split(' ');
  const first = words[0] ?? '';
  if (paymobLength(first) > max) return firstCodePoints(first, max);
  let fitted = first;
  let length = paymobLength(first);
  for (const word of words.slice(1)) {
    const next = length + 1 + paymobLength(word);
    if (next > max) break;
    fitted += ` ${word}`;
    length = next;
  }
  return fitted;
}

/** Paymob needs both names non-blank; "NA" is what its own samples send for a missing one. */
export const PAYMOB_PLACEHOLDER = 'NA';

/**
 * A full name as Paymob's `first_name` / `last_name`: the first word, and the rest, each fitted
 * to its limit on word boundaries (a one-word name gets the placeholder as its last name).
 */
export function paymobNames(fullName: string): { first: string; last: string } {
  const words = normaliseSpaces(fullName).split(' ').filter(Boolean);
  const first = words[0]
    ? fitToLimit(words[0], PAYMOB_FIELD_LIMITS['billing_data.first_name'])
    : PAYMOB_PLACEHOLDER;
  const rest = words.slice(1).join(' ');
  const last = rest
    ? fitToLimit(rest, PAYMOB_FIELD_LIMITS['billing_data.last_name'])
    : PAYMOB_PLACEHOLDER;
  return { first, last };
}

/** Where a limited field sits in the request body (`items.name` is in every item). */
const FIELD_PATHS: Record<PaymobLimitedField, readonly string[]> = {
  'billing_data.first_name': ['billing_data', 'first_name'],
  'billing_data.last_name': ['billing_data', 'last_name'],
  'customer.first_name': ['customer', 'first_name'],
  'customer.last_name': ['customer', 'last_name'],
  'items.name': ['items', 'name'],
  'items.description': ['items', 'description'],
  special_reference: ['special_reference'],
};

const tooLong = (max: number): string => `Ensure this field has no more than ${max} characters.`;

/**
 * The Django REST framework error body Paymob answers (400) for an intention body whose
 * limited fields are too long, or undefined when every one fits. For the simulator, and for
 * tests that check what we send.
 */
export function paymobFieldLimitErrors(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors: Record<string, Record<string, string[]> | string[]> = {};
  const record = body as Record<string, unknown>;
  for (const [field, max] of Object.entries(PAYMOB_FIELD_LIMITS) as [
    PaymobLimitedField,
    number,
  ][]) {
    const path = FIELD_PATHS[field];
    if (path.length === 1) {
      const value = record[path[0] as string];
      if (typeof value === 'string' && paymobLength(value) > max) {
        errors[path[0] as string] = [tooLong(max)];
      }
      continue;
    }
    const [parentKey, key] = path as [string, string];
    const parent = record[parentKey];
    const containers = Array.isArray(parent) ? parent : [parent];
    for (const container of containers) {
      if (typeof container !== 'object' || container === null) continue;
      const value = (container as Record<string, unknown>)[key];
      if (typeof value === 'string' && paymobLength(value) > max) {
        const group = (errors[parentKey] ?? {}) as Record<string, string[]>;
        group[key] = [tooLong(max)];
        errors[parentKey] = group;
      }
    }
  }
  return Object.keys(errors).length ? errors : undefined;
}
