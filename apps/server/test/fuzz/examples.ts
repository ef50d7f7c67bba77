/**
 * Realistic values a person would type, for fields whose rules a schema walk cannot read: the
 * refinements of packages/domain (an Arabic name, an Egyptian phone, a password with a digit, a
 * lesson start on the 15-minute grid). The generator offers a field those of these values its own
 * schema accepts, next to what it builds from the schema's visible rules, so valid requests get
 * past validation far more often than random text would.
 */

const QUARTER_HOUR_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Instants on the 15-minute grid around `now`: booking starts, expiries, report ranges. */
function instantsAround(now: Date): string[] {
  const grid = Math.ceil(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const offsets = [-7 * DAY_MS, -DAY_MS, HOUR_MS, 3 * HOUR_MS, DAY_MS, 2 * DAY_MS, 30 * DAY_MS];
  return offsets.map((offset) => new Date(grid + offset).toISOString());
}

function datesAround(now: Date): string[] {
  return [-30, 1, 7, 365].map((days) =>
    new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10),
  );
}

const ARABIC_SENTENCE = 'أنا مدرس لغة إنجليزية وأحب تعليم الطلاب المحادثة والقواعد';

const TEXTS = [
  // Names: two parts of letters, in English and in Arabic.
  'Ahmed Ali',
  'Mona Hassan',
  'أحمد علي',
  'منى حسن محمود',
  // Accounts.
  'student@example.com',
  'tutor.one@example.org',
  'password1',
  'Secret123',
  '12345',
  '١٢٣٤٥',
  '01012345678',
  '+201112345678',
  '123',
  // Arabic prose of several lengths (bios, about texts, reviews, notes).
  'درس ممتاز',
  ARABIC_SENTENCE,
  `${ARABIC_SENTENCE}. ${ARABIC_SENTENCE}.`,
  // English prose (titles, messages, reasons).
  'Hello',
  'A good lesson, thank you',
  'The lesson was very useful and the tutor explained everything clearly.',
  // Codes and identifiers.
  'SUMMER-25',
  'WELCOME10',
  'ahmed.ali@instapay',
  'CIB',
  'NBE',
  '1234567890123',
  'EG380019000500000000263180002',
  'https://example.com/return',
  'c6b8e8f2-5d0a-4d5e-9d6b-2f1f1f1f1f1f',
  // Words that query filters and enumerations often take.
  'true',
  'false',
  'asc',
  'desc',
  'ar',
  'en',
  // Short and empty text.
  'a',
  '',
];

const NUMBERS = [
  0, 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 45, 50, 60, 90, 100, 120, 230, 500, 1000, 1990, 2000,
  2010, 2015, 10_000, 50_000, 100_000, 1_000_000, 5_000_000,
];

/** Every example, strings and numbers, for a field's schema to pick from. */
export function examples(now: Date = new Date()): readonly unknown[] {
  return [...TEXTS, ...instantsAround(now), ...datesAround(now), ...NUMBERS, true, false, null];
}
