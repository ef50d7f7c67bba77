/**
 * Hostile values: what a careless client, a probe or an attacker sends instead of a valid field.
 * Boundary numbers (ids of 2^31 - 1, 2^31 and far more, 0, -1, fractions, unsafe integers), text
 * that only looks like a number (`NaN`, `1e3`, `0x10`), NUL and other control characters, very
 * long text (10k and more) in Latin and Arabic letters, bidirectional and invisible characters,
 * wrong types (null, booleans, arrays, objects, deep nesting), and path segments with `%00`, `..`
 * or unicode. Used by ./requests.ts to break valid requests one place at a time.
 */
import fc from 'fast-check';

/** 2^31 - 1: the largest id a PostgreSQL `integer` holds (written out, not taken from the rule). */
export const INT32_MAX = 2_147_483_647;

export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  1.5,
  0.1,
  INT32_MAX,
  INT32_MAX + 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Text that a lenient reader (`Number()`, `parseInt`) would take for a number. */
export const NUMBER_LIKE_TEXTS: readonly string[] = [
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '00',
  '1.5',
  '1e3',
  '0x10',
  ' 12',
  '12 ',
  '+5',
  'NaN',
  'Infinity',
  '-Infinity',
  '١٢٣',
  '１２３',
];

const CONTROL_TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\u0008',
  '\u001b[31mred\u001b[0m',
  '\r\n\r\n',
  '\t',
  '\u007f\u0085\u009f',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '\ud800',
];

const ODD_TEXTS: readonly string[] = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  'مرحبا بالعالم',
  'ﷺ ﷽',
  '😀👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  'İı',
];

/** Long enough to pass any field's maximum: at least 10k characters. */
export const LONG_TEXTS: readonly string[] = [
  'a'.repeat(10_001),
  'ب'.repeat(10_001),
  'مرحبا '.repeat(20_000),
  '\u0000'.repeat(10_001),
];

/** Long text short enough for a URL (the HTTP server refuses request lines over 16 KB). */
export const LONG_URL_TEXTS: readonly string[] = ['a'.repeat(2_000), 'ب'.repeat(1_000)];

/** Any hostile text, for query values and JSON strings. */
export function hostileText(options: { long: readonly string[] }): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...NUMBER_LIKE_TEXTS),
    fc.constantFrom(...BOUNDARY_NUMBERS.map(String)),
    fc.constantFrom(...CONTROL_TEXTS),
    fc.constantFrom(...ODD_TEXTS),
    fc.constantFrom(...options.long),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
}

/** Arrays or objects nested this deep: far past any request's shape. */
const DEEP = 1_000;
const deepArray = (): unknown => {
  let value: unknown = [];
  for (let level = 0; level < DEEP; level += 1) value = [value];
  return value;
};

/** Any hostile JSON value: wrong types, boundary numbers, hostile text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  hostileText({ long: LONG_TEXTS }),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { id: 1 }, [null], ['1']),
  fc.constant(null).map(deepArray),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path segment as it goes on the wire, and whether the router may refuse it before routing. */
export interface Segment {
  text: string;
  /** Broken percent-encoding: the router answers 400 before any access check. */
  unroutable: boolean;
}

const RAW_SEGMENTS: readonly Segment[] = [
  ...[
    '%00',
    'a%00b',
    '..',
    '.',
    '%2e%2e',
    '%2E',
    '%2F',
    '..%2F..%2Fetc%2Fpasswd',
    '%20',
    '%09',
  ].map((text) => ({ text, unroutable: false })),
  ...['%E2%80%AE', '%EF%BB%BF', '%D8%A3%D8%AD%D9%85%D8%AF'].map((text) => ({
    text,
    unroutable: false,
  })),
  ...['%', '%ZZ', '%C0%AE', '%ED%A0%80'].map((text) => ({ text, unroutable: true })),
];

/** `text` percent-encoded; a lone surrogate (which cannot be encoded) becomes a raw `%00`. */
function encodedSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%00';
  }
}

/** Hostile path segments: odd text percent-encoded, and raw `%00`, `..` and broken escapes. */
export const hostileSegment: fc.Arbitrary<Segment> = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  hostileText({ long: LONG_URL_TEXTS })
    .filter((text) => text !== '')
    .map((text) => ({ text: encodedSegment(text), unroutable: false })),
);

/** Page and size values a scraper or a bug would send. */
export const HUGE_PAGES: readonly string[] = [
  '2147483648',
  '1000000000',
  '99999999999999999999',
  '1e9',
  '-1',
  '0',
  '1.5',
  'NaN',
];

/** Keys a client should not be able to slip into a body. */
export const EXTRA_KEYS: readonly string[] = [
  'role',
  'id',
  'userId',
  'isAdmin',
  'emailVerified',
  'balance',
  'constructor',
  'toString',
  '$where',
  'a'.repeat(300),
];
