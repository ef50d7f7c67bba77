/**
 * The field rules of spec section 5 as zod schemas, shared by the forms (which show the Arabic
 * sentence for a code) and the server (which answers `{ code }`). Every failing check puts a code
 * from VALIDATION_CODES in the zod issue's `message`; nothing else is ever put there.
 *
 * Text fields are trimmed first and report one code, the most useful one (empty, then too short,
 * too long, then invalid). Passwords report every rule they break, so a form can show a checklist.
 * Lengths count characters (code points), as Postgres' char_length does.
 *
 * Where the spec gives no bound, the bound chosen here is a named constant; each choice is written
 * down in docs/decisions/ (the index's "Validation bounds").
 */

import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  VERIFICATION_CODE_LENGTH,
  WITHDRAWAL_MAX_PIASTERS,
  WITHDRAWAL_MIN_PIASTERS,
} from './constants';
import {
  BANKS,
  ENGLISH_LEVELS,
  GENDERS,
  GOVERNORATES,
  NOTIFICATION_METHODS,
  EnglishLevel,
  RatingStars,
  WithdrawMethod,
  WITHDRAW_METHODS,
} from './enums';
import { isValidationCode } from './errors';
import type { ValidationCode } from './errors';
import {
  charCount,
  collapseSpaces,
  hasControlCharacters,
  isArabicText,
  isArabicWord,
  isNamePart,
  isReadableText,
  normaliseEgyptianPhone,
  toAsciiDigits,
} from './text';
import { addCairoDays, cairoParts, fromCairoLocal, startOfCairoDay } from './time';

// ---------------------------------------------------------------------------------------------
// Bounds. Those the spec states are marked "spec"; the others are our choices.

/** spec */
export const PASSWORD_MIN_LENGTH = 8;
/** spec */
export const PASSWORD_MAX_LENGTH = 50;
/** RFC 5321 limit of a forward path. */
export const EMAIL_MAX_LENGTH = 254;
/** Two parts of two letters and a space. */
export const NAME_MIN_LENGTH = 5;
export const NAME_MAX_LENGTH = 50;
export const NAME_PART_MIN_LENGTH = 2;
export const NAME_MIN_PARTS = 2;
export const BIO_MIN_LENGTH = 10;
export const BIO_MAX_LENGTH = 300;
export const ABOUT_MIN_LENGTH = 50;
export const ABOUT_MAX_LENGTH = 2000;
/** Birth years before this are typing mistakes, not ages. */
export const BIRTH_YEAR_MIN = 1900;
export const STUDENT_MIN_AGE = 6;
export const TUTOR_MIN_AGE = 18;
export const MAX_AGE = 100;
/** Two days: lessons are booked inside the current week, so a longer notice leaves no slots. */
export const NOTICE_PERIOD_MAX_MINUTES = 2 * 24 * 60;
export const INTERVIEW_FEEDBACK_MIN_LENGTH = 10;
export const INTERVIEW_FEEDBACK_MAX_LENGTH = 2000;
export const INTERVIEW_NOTE_MIN_LENGTH = 3;
export const INTERVIEW_NOTE_MAX_LENGTH = 1000;
export const RATING_MIN = RatingStars.Bad;
export const RATING_MAX = RatingStars.Excellent;
export const RATING_TEXT_MIN_LENGTH = 5;
export const RATING_TEXT_MAX_LENGTH = 500;
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 20;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;
export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
export const INVOICE_NOTE_MAX_LENGTH = 500;
export const INSTAPAY_USERNAME_MIN_LENGTH = 3;
export const INSTAPAY_USERNAME_MAX_LENGTH = 50;
/** Local account numbers run from 8 digits; an Egyptian IBAN has 27 digits after "EG". */
export const ACCOUNT_NUMBER_MIN_LENGTH = 8;
export const ACCOUNT_NUMBER_MAX_LENGTH = 29;
export const TOPIC_NAME_MIN_LENGTH = 2;
export const TOPIC_NAME_MAX_LENGTH = 50;
export const CONTACT_TITLE_MIN_LENGTH = 3;
export const CONTACT_TITLE_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
/** One short slot at least; four hours a day at most. */
export const WEEKLY_MINUTES_MIN = 15;
export const WEEKLY_MINUTES_MAX = 4 * 60 * 7;
/** 100,000 EGP: far above any real plan, low enough to catch an extra zero typed by mistake. */
export const PLAN_PRICE_MAX_PIASTERS = 10_000_000;
export const PLAN_DISCOUNT_MIN = 0;
export const PLAN_DISCOUNT_MAX = 100;
export const CVV_LENGTH = 3;
/** spec: images are recommended at 480 x 480 or larger. */
export const IMAGE_MIN_SIDE_PX = 480;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 300 * 1024 * 1024;
/**
 * What one account may hold in uploaded files, all kinds together (issue 15): ten profile images'
 * worth. Intro videos (up to VIDEO_MAX_BYTES) will need their own allowance when they come.
 */
export const USER_STORAGE_MAX_BYTES = 50 * 1024 * 1024;
/** Uploads one account may make in an hour (each try counts, refused or not). */
export const UPLOADS_PER_HOUR = 20;
export const INTRO_VIDEO_MIN_SECONDS = 30;
export const INTRO_VIDEO_MAX_SECONDS = 120;
export const PAGE_SIZE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Building blocks

type Code = ValidationCode;
type Ctx = z.RefinementCtx;

/** Missing fields are "required"; present values of the wrong kind are "invalid-type". */
const typeError = (issue: { input?: unknown }): Code =>
  issue.input === undefined || issue.input === null ? 'required' : 'invalid-type';

const fail = (ctx: Ctx, code: Code): void => ctx.addIssue({ code: 'custom', message: code });

/** Fails a transform: zod drops the value and keeps the issue. */
const reject = (ctx: Ctx, code: Code): never => {
  fail(ctx, code);
  return z.NEVER;
};

/** Attaches a rule that names at most one failure. */
const rule =
  <T>(check: (value: T) => Code | undefined) =>
  (value: T, ctx: Ctx): void => {
    const code = check(value);
    if (code) fail(ctx, code);
  };

const number = () => z.number({ error: typeError });
const integer = () => number().int({ error: 'invalid-type' });

// ---------------------------------------------------------------------------------------------
// The two rules every field of the API shares: ids and text

/** The largest id: every id column is a PostgreSQL `integer` (32 bits, signed). */
export const ID_MAX = 2_147_483_647;

/**
 * An id in a JSON body: a whole number from 1 to ID_MAX. Anything past what the column holds is
 * a mistake or a probe, refused `invalid-type` before it reaches a query (where it would fail).
 */
export const idSchema = integer()
  .min(1, { error: 'invalid-type' })
  .max(ID_MAX, { error: 'invalid-type' });

/** Digits only: `0x10`, `1e3`, ` 12` and `-1` are not ids even though Number() reads them. */
const ID_TEXT = /^\d{1,16}$/;

/**
 * An id in a path or a query string: decimal digits read as a number, then the same bounds as
 * `idSchema`. Used by every `{id}`-like parameter and every id in a query.
 */
export const idTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value),
  z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .min(1, { error: 'invalid-type' })
    .max(ID_MAX, { error: 'invalid-type' }),
);

/** `{id}` in a path. */
export const idParamsSchema = z.object({ id: idTextSchema });

/** True when a text holds a NUL character, which PostgreSQL `text` cannot store. */
export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');

/**
 * The one rule of every text field of the API: a string without NUL (`\u0000`). It never comes
 * from a person typing, and the database refuses it (which used to surface as a 500). Refused
 * first, so no other check of the field runs on it, with `nulCode` (the field's own "invalid"
 * code where it has one, else `invalid-type`). `error` names the code of a missing or non-string
 * value (default: `required` / `invalid-type`).
 */
export const textSchema = (
  error: (issue: { input?: unknown }) => Code = typeError,
  nulCode: Code = 'invalid-type',
) =>
  z.string({ error }).refine((value) => !hasNulCharacter(value), {
    error: nulCode,
    abort: true,
  });

const text = (nulCode?: Code) => textSchema(typeError, nulCode);

/** One of an enumeration's values; missing is "required", anything else `code`. */
const oneOf = <T extends string | number>(values: readonly T[], code: Code = 'invalid-type') =>
  z.literal(values, { error: (issue) => (issue.input == null ? 'required' : code) });

export interface TextBounds {
  min: number;
  max: number;
  tooShort: Code;
  tooLong: Code;
  /** Reported for an empty value instead of `tooShort`, where the spec has its own message. */
  empty?: Code;
  invalid?: Code;
  isValid?: (value: string) => boolean;
}

export function textProblem(value: string, bounds: TextBounds): Code | undefined {
  const length = charCount(value);
  if (length === 0 && bounds.empty) return bounds.empty;
  if (length < bounds.min) return bounds.tooShort;
  if (length > bounds.max) return bounds.tooLong;
  if (bounds.isValid && !bounds.isValid(value)) return bounds.invalid ?? 'invalid-type';
  return undefined;
}

/** A trimmed text field with length bounds and an optional content rule. */
const boundedText = (bounds: TextBounds) =>
  text(bounds.invalid)
    .trim()
    .superRefine(rule((value: string) => textProblem(value, bounds)));

/** An integer with its own code below and above the bounds. */
const boundedInteger = (min: number, max: number, below: Code, above: Code = below) =>
  integer().superRefine(
    rule((value: number) => (value < min ? below : value > max ? above : undefined)),
  );

/** Forms send "" for an untouched optional field; treat it as absent. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

// ---------------------------------------------------------------------------------------------
// Accounts: password, email, codes, phone, names

/**
 * Every rule a password breaks. A letter or digit of any script counts (Arabic letters, Arabic-Indic
 * digits), since people type passwords on Arabic keyboards too.
 */
export function passwordProblems(password: string): Code[] {
  const problems: Code[] = [];
  const length = charCount(password);
  if (length < PASSWORD_MIN_LENGTH) problems.push('password-too-short');
  if (length > PASSWORD_MAX_LENGTH) problems.push('password-too-long');
  if (/\s/u.test(password)) problems.push('password-has-whitespace');
  if (!/\p{L}/u.test(password)) problems.push('password-needs-letter');
  if (!/\p{Nd}/u.test(password)) problems.push('password-needs-digit');
  return problems;
}

/** Never trimmed: a space is the user's mistake to see, not ours to hide. */
export const passwordSchema = text().superRefine((password, ctx) => {
  for (const code of passwordProblems(password)) fail(ctx, code);
});

/** Any non-empty password: for signing in and confirming the current one, whatever its age. */
const enteredPassword = text().min(1, 'required');

/**
 * The "confirmation must match" rule of a form, as `.refine(...mustMatch(a, b, code))`. It runs
 * even while other fields fail (zod skips an object's refinements after a missing or mistyped
 * field by default, such as an unticked terms box), so the mismatch is reported together with a
 * too-short password. Only a confirmation that was typed is compared: a missing one is `required`.
 */
export function mustMatch<A extends string, B extends string>(
  field: A,
  confirmation: B,
  code: Code,
) {
  const check = (form: Partial<Record<A | B, unknown>>): boolean =>
    typeof form[confirmation] !== 'string' || form[field] === form[confirmation];
  const params = {
    error: code,
    path: [confirmation] as PropertyKey[],
    when: (payload: { value: unknown }) =>
      typeof payload.value === 'object' && payload.value !== null,
  };
  return [check, params] as const;
}

export const passwordWithConfirmationSchema = z
  .object({ password: passwordSchema, passwordConfirmation: text() })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));

export const changePasswordSchema = z
  .object({
    currentPassword: enteredPassword,
    newPassword: passwordSchema,
    newPasswordConfirmation: text(),
  })
  .refine(...mustMatch('newPassword', 'newPasswordConfirmation', 'new-password-mismatch'));

/** Simple on purpose (spec): something@domain.tld with a top-level part of 2-4 letters. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,4}$/;

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);

/** Two spellings of one address: e-mails are compared trimmed and case-insensitively. */
export const sameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** An empty (or blank) e-mail is `required`, like a missing one; anything else must be valid. */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .superRefine(
    rule((email: string) => {
      if (email === '') return 'required';
      return isValidEmail(email) ? undefined : 'invalid-email';
    }),
  );

export const loginSchema = z.object({ email: emailSchema, password: enteredPassword });

const VERIFICATION_CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The 5-digit code sent by e-mail, WhatsApp or Telegram; Arabic-Indic digits are accepted. */
export const verificationCodeSchema = text()
  .transform((code) => toAsciiDigits(code.trim()))
  .superRefine(
    rule((code: string) =>
      VERIFICATION_CODE_PATTERN.test(code) ? undefined : 'invalid-confirmation-code',
    ),
  );

/** An Egyptian mobile number, normalised to E.164 (+201XXXXXXXXX). */
export const phoneSchema = textSchema((issue) =>
  issue.input == null ? 'phone-required' : 'invalid-phone',
)
  .trim()
  .transform((phone, ctx) => {
    if (phone === '') return reject(ctx, 'phone-required');
    return normaliseEgyptianPhone(phone) ?? reject(ctx, 'invalid-phone');
  });

function userNameProblem(name: string): Code | undefined {
  const length = charCount(name);
  if (length < NAME_MIN_LENGTH) return 'name-too-short';
  if (length > NAME_MAX_LENGTH) return 'name-too-long';
  const parts = name.split(' ');
  const wellFormed = parts.every(
    (part) => isNamePart(part) && charCount(part) >= NAME_PART_MIN_LENGTH,
  );
  return parts.length >= NAME_MIN_PARTS && wellFormed ? undefined : 'invalid-user-name';
}

/** A full name of at least two parts, letters of any script; inner spaces collapsed. */
export const userNameSchema = text().transform(collapseSpaces).superRefine(rule(userNameProblem));

/** A tutor's name: a valid user name written in Arabic letters only. */
export const tutorNameSchema = userNameSchema.superRefine(
  rule((name: string) =>
    name.split(' ').every((part) => isArabicWord(part.replace(/-/g, '')))
      ? undefined
      : 'name-not-arabic',
  ),
);

export const registerSchema = z
  .object({
    name: userNameSchema,
    email: emailSchema,
    password: passwordSchema,
    passwordConfirmation: text(),
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));

export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    code: verificationCodeSchema,
    password: passwordSchema,
    passwordConfirmation: text(),
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));

// ---------------------------------------------------------------------------------------------
// Profiles

/** Short Arabic introduction (students' and tutors' "bio"). */
export const bioSchema = boundedText({
  min: BIO_MIN_LENGTH,
  max: BIO_MAX_LENGTH,
  empty: 'bio-empty',
  tooShort: 'bio-too-short',
  tooLong: 'bio-too-long',
  invalid: 'bio-not-arabic',
  isValid: isArabicText,
});

/** The tutor's long Arabic "about" text on the profile page. */
export const aboutSchema = boundedText({
  min: ABOUT_MIN_LENGTH,
  max: ABOUT_MAX_LENGTH,
  empty: 'about-empty',
  tooShort: 'about-too-short',
  tooLong: 'about-too-long',
  invalid: 'about-not-arabic',
  isValid: isArabicText,
});

/**
 * Age is counted in whole calendar years (current year minus birth year): the birth date itself
 * is not collected.
 */
export function birthYearProblem(
  year: number,
  currentYear: number,
  minAge: number = STUDENT_MIN_AGE,
): Code | undefined {
  if (!Number.isInteger(year) || year < BIRTH_YEAR_MIN || year > currentYear) {
    return 'birth-year-out-of-range';
  }
  const age = currentYear - year;
  if (age < minAge) return 'too-young';
  if (age > MAX_AGE) return 'too-old';
  return undefined;
}

/** `currentYear` is the Cairo year now (see `cairoParts`); tutors pass TUTOR_MIN_AGE. */
export const birthYearSchema = (currentYear: number, minAge: number = STUDENT_MIN_AGE) =>
  number().superRefine(rule((year: number) => birthYearProblem(year, currentYear, minAge)));

/** Minimum minutes between booking and the lesson's start. */
export const noticePeriodSchema = number().superRefine(
  rule((minutes: number) => {
    if (!Number.isInteger(minutes) || minutes < 0) return 'invalid-notice-period';
    return minutes > NOTICE_PERIOD_MAX_MINUTES ? 'notice-period-too-long' : undefined;
  }),
);

export const genderSchema = oneOf(GENDERS);
export const governorateSchema = oneOf(GOVERNORATES);
export const notificationMethodSchema = oneOf(NOTIFICATION_METHODS);
export const englishLevelSchema = oneOf(ENGLISH_LEVELS, 'invalid-english-level');

export const tutorProfileSchema = z.object({
  name: tutorNameSchema,
  bio: bioSchema,
  about: aboutSchema,
  noticePeriod: noticePeriodSchema,
});

// ---------------------------------------------------------------------------------------------
// Interviews and ratings

export const interviewFeedbackSchema = boundedText({
  min: INTERVIEW_FEEDBACK_MIN_LENGTH,
  max: INTERVIEW_FEEDBACK_MAX_LENGTH,
  tooShort: 'interview-feedback-too-short',
  tooLong: 'interview-feedback-too-long',
  invalid: 'interview-feedback-invalid',
  isValid: isReadableText,
});

export const interviewNoteSchema = boundedText({
  min: INTERVIEW_NOTE_MIN_LENGTH,
  max: INTERVIEW_NOTE_MAX_LENGTH,
  tooShort: 'interview-note-too-short',
  tooLong: 'interview-note-too-long',
  invalid: 'interview-note-invalid',
  isValid: isReadableText,
});

/** The English level an interviewer gives, 1-6. */
export const interviewLevelSchema = boundedInteger(
  EnglishLevel.Beginner,
  EnglishLevel.Mastery,
  'interview-level-too-low',
  'interview-level-too-high',
);

export const interviewResultSchema = z.object({
  feedback: interviewFeedbackSchema,
  note: optionalText(interviewNoteSchema),
  level: interviewLevelSchema,
});

export const ratingValueSchema = boundedInteger(
  RATING_MIN,
  RATING_MAX,
  'rating-value-too-low',
  'rating-value-too-high',
);

export const ratingTextSchema = boundedText({
  min: RATING_TEXT_MIN_LENGTH,
  max: RATING_TEXT_MAX_LENGTH,
  tooShort: 'rating-text-too-short',
  tooLong: 'rating-text-too-long',
});

/** Stars are required; the written review is optional. */
export const ratingSchema = z.object({
  value: ratingValueSchema,
  text: optionalText(ratingTextSchema),
});

// ---------------------------------------------------------------------------------------------
// Coupons

/** Upper-case letters and digits, inner hyphens allowed (SUMMER-25). */
const COUPON_CODE_PATTERN = new RegExp(
  `^(?=.{${COUPON_CODE_MIN_LENGTH},${COUPON_CODE_MAX_LENGTH}}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$`,
);

export const couponCodeSchema = text()
  .trim()
  .toUpperCase()
  .superRefine(
    rule((code: string) => (COUPON_CODE_PATTERN.test(code) ? undefined : 'invalid-coupon-code')),
  );

/** Whole percents; 0 (or less) gives nothing and more than 100 would pay the student. */
export const couponDiscountSchema = integer().superRefine(
  rule((percent: number) => {
    if (percent < COUPON_DISCOUNT_MIN) return 'zero-discount';
    return percent > COUPON_DISCOUNT_MAX ? 'max-discount-exceeded' : undefined;
  }),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The Cairo midnight that ends the calendar day `yyyy-mm-dd`, or null for a day like 02-30. */
function endOfCairoDay(day: string): Date | null {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  // Noon exists on every day, even when a clock change removes midnight.
  const noon = fromCairoLocal({ year, month, day: date, hour: 12 });
  const parts = cairoParts(noon);
  if (parts.year !== year || parts.month !== month || parts.day !== date) return null;
  return startOfCairoDay(addCairoDays(noon, 1));
}

/**
 * An expiry as a Date, from a Date, an ISO instant with its offset, or a plain date from a date
 * picker. A plain date means "through that day in Cairo": it expires at the next Cairo midnight.
 * A local time without an offset is refused because it is ambiguous.
 */
export function parseExpireDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (ISO_DATE.test(trimmed)) return endOfCairoDay(trimmed);
  if (!ISO_INSTANT.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The coupon's expiry, which must lie after `now`. */
export const couponExpireDateSchema = (now: Date) =>
  z.unknown().transform((value, ctx): Date => {
    if (value === undefined || value === null || value === '') return reject(ctx, 'required');
    const date = parseExpireDate(value);
    if (date === null) return reject(ctx, 'invalid-expire-date');
    return date.getTime() > now.getTime() ? date : reject(ctx, 'expired-coupon');
  });

export const couponSchema = (now: Date) =>
  z.object({
    code: couponCodeSchema,
    discount: couponDiscountSchema,
    expireDate: couponExpireDateSchema(now),
  });

// ---------------------------------------------------------------------------------------------
// Chat, topics, contact

export const messageTextSchema = boundedText({
  min: MESSAGE_MIN_LENGTH,
  max: MESSAGE_MAX_LENGTH,
  tooShort: 'message-too-short',
  tooLong: 'message-too-long',
  invalid: 'message-invalid',
  isValid: (message) => !hasControlCharacters(message),
});

const topicName = boundedText({
  min: TOPIC_NAME_MIN_LENGTH,
  max: TOPIC_NAME_MAX_LENGTH,
  tooShort: 'topic-name-too-short',
  tooLong: 'topic-name-too-long',
});

export const topicSchema = z.object({ nameAr: topicName, nameEn: topicName });

export const contactRequestSchema = z.object({
  title: boundedText({
    min: CONTACT_TITLE_MIN_LENGTH,
    max: CONTACT_TITLE_MAX_LENGTH,
    tooShort: 'contact-title-too-short',
    tooLong: 'contact-title-too-long',
  }),
  message: boundedText({
    min: CONTACT_MESSAGE_MIN_LENGTH,
    max: CONTACT_MESSAGE_MAX_LENGTH,
    tooShort: 'contact-message-too-short',
    tooLong: 'contact-message-too-long',
  }),
});

// ---------------------------------------------------------------------------------------------
// Withdrawals (invoices)

/** The tutor's amount field, in piasters, with the spec's fixed 100-50000 EGP message. */
export const withdrawalAmountSchema = boundedInteger(
  WITHDRAWAL_MIN_PIASTERS,
  WITHDRAWAL_MAX_PIASTERS,
  'invalid-withdrawal-amount',
);

export interface WithdrawLimits {
  /** Piasters. */
  min: number;
  /** Piasters. */
  max: number;
}

export const DEFAULT_WITHDRAW_LIMITS: WithdrawLimits = {
  min: WITHDRAWAL_MIN_PIASTERS,
  max: WITHDRAWAL_MAX_PIASTERS,
};

/** Platform withdraw limits as an admin sets them, in piasters. */
export const withdrawLimitsSchema = z
  .object({ min: integer(), max: integer() })
  .superRefine((limits, ctx) => {
    for (const key of ['min', 'max'] as const) {
      if (limits[key] <= 0) {
        ctx.addIssue({ code: 'custom', message: 'withdraw-limit-not-positive', path: [key] });
      }
    }
    if (limits.min > 0 && limits.max > 0 && limits.min > limits.max) {
      ctx.addIssue({ code: 'custom', message: 'withdraw-min-above-max', path: ['min'] });
    }
  });

/** An invoice amount in piasters against the platform's current limits. */
export const invoiceAmountSchema = (limits: WithdrawLimits = DEFAULT_WITHDRAW_LIMITS) =>
  boundedInteger(limits.min, limits.max, 'invoice-amount-below-min', 'invoice-amount-above-max');

/** The admin's note on an invoice. */
export const invoiceNoteSchema = boundedText({
  min: 1,
  max: INVOICE_NOTE_MAX_LENGTH,
  empty: 'invoice-note-empty',
  tooShort: 'invoice-note-empty',
  tooLong: 'invoice-note-too-long',
  invalid: 'invoice-note-invalid',
  isValid: isReadableText,
});

export const invoiceMethodSchema = oneOf(WITHDRAW_METHODS, 'invalid-invoice-method');

const INSTAPAY_PATTERN = new RegExp(
  `^[a-z0-9._-]{${INSTAPAY_USERNAME_MIN_LENGTH},${INSTAPAY_USERNAME_MAX_LENGTH}}@instapay$`,
);

/** An Instapay payment address (IPA), e.g. `ahmed.ali@instapay`; lower-cased. */
export const instapayAddressSchema = text()
  .trim()
  .toLowerCase()
  .superRefine(
    rule((address: string) =>
      INSTAPAY_PATTERN.test(address) ? undefined : 'invalid-instapay-address',
    ),
  );

/** One of the seven banks, by its code (CIB, NBE ...); case does not matter. */
export const bankSchema = textSchema((issue) =>
  issue.input == null ? 'bank-name-empty' : 'invalid-bank-name',
)
  .trim()
  .toUpperCase()
  .superRefine(
    rule((bank: string) => {
      if (bank === '') return 'bank-name-empty';
      return (BANKS as readonly string[]).includes(bank) ? undefined : 'invalid-bank-name';
    }),
  );

const ACCOUNT_NUMBER_PATTERN = new RegExp(
  `^(?:EG\\d{27}|\\d{${ACCOUNT_NUMBER_MIN_LENGTH},${ACCOUNT_NUMBER_MAX_LENGTH}})$`,
);

/** A local account number (digits) or an Egyptian IBAN; spaces and dashes are dropped. */
export const accountNumberSchema = text()
  .transform((value) => toAsciiDigits(value).replace(/[\s-]/g, '').toUpperCase())
  .superRefine(
    rule((account: string) =>
      ACCOUNT_NUMBER_PATTERN.test(account) ? undefined : 'invalid-account-number',
    ),
  );

/**
 * A tutor's withdrawal request. What identifies the receiver depends on the method: a wallet
 * phone number, a bank account with its holder's name, or an Instapay address.
 */
export const withdrawalRequestSchema = (limits: WithdrawLimits = DEFAULT_WITHDRAW_LIMITS) =>
  z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal(WithdrawMethod.Wallet),
        amount: invoiceAmountSchema(limits),
        phone: phoneSchema,
      }),
      z.object({
        method: z.literal(WithdrawMethod.Bank),
        amount: invoiceAmountSchema(limits),
        bank: bankSchema,
        accountNumber: accountNumberSchema,
        username: userNameSchema,
      }),
      z.object({
        method: z.literal(WithdrawMethod.Instapay),
        amount: invoiceAmountSchema(limits),
        instapayAddress: instapayAddressSchema,
      }),
    ],
    { error: 'invalid-invoice-method' },
  );

// ---------------------------------------------------------------------------------------------
// Plans and payments

/**
 * Weekly minutes of a plan. Not a multiple of the slot length on purpose: the spec's professional
 * plan has 230.
 */
export const weeklyMinutesSchema = boundedInteger(
  WEEKLY_MINUTES_MIN,
  WEEKLY_MINUTES_MAX,
  'invalid-weekly-minutes',
);

/** A plan price in piasters: positive, whole. */
export const planPriceSchema = number().superRefine(
  rule((price: number) =>
    Number.isInteger(price) && price > 0 && price <= PLAN_PRICE_MAX_PIASTERS
      ? undefined
      : 'invalid-plan-price',
  ),
);

/** A plan's period discount in whole percents, 0-100. */
export const planDiscountSchema = number().superRefine(
  rule((percent: number) =>
    Number.isInteger(percent) && percent >= PLAN_DISCOUNT_MIN && percent <= PLAN_DISCOUNT_MAX
      ? undefined
      : 'invalid-plan-discount',
  ),
);

export const planSchema = z.object({
  weeklyMinutes: weeklyMinutesSchema,
  baseMonthPrice: planPriceSchema,
  monthDiscount: planDiscountSchema,
  quarterDiscount: planDiscountSchema,
  yearDiscount: planDiscountSchema,
  forInvitesOnly: z.boolean({ error: typeError }).default(false),
});

const CVV_PATTERN = new RegExp(`^\\d{${CVV_LENGTH}}$`);

/** The card's security code for paying with a saved card (Visa, Mastercard and Meeza: 3 digits). */
export const cvvSchema = text()
  .transform((cvv) => toAsciiDigits(cvv.trim()))
  .superRefine(rule((cvv: string) => (CVV_PATTERN.test(cvv) ? undefined : 'invalid-cvv')));

// ---------------------------------------------------------------------------------------------
// Files: images and videos are judged by their bytes, not by the name or the declared type.

export type ImageType = 'jpg' | 'png' | 'gif';
export type VideoType = 'mp4' | 'mov' | 'webm';

export const IMAGE_MIME_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
} as const satisfies Record<string, ImageType>;

export const imageMimeTypeSchema = z.enum(
  Object.keys(IMAGE_MIME_TYPES) as (keyof typeof IMAGE_MIME_TYPES)[],
  { error: (issue) => (issue.input == null ? 'required' : 'invalid-image-type') },
);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (value: string): number[] => [...value].map((char) => char.charCodeAt(0));

/** The image format by its magic bytes: JPEG FF D8 FF, PNG's 8-byte signature, GIF87a/89a. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** How far into a WebM file its EBML header names the document type. */
const EBML_HEADER_SCAN_BYTES = 64;

function includesAscii(bytes: Uint8Array, word: string, limit: number): boolean {
  const signature = ascii(word);
  const end = Math.min(bytes.length, limit) - signature.length;
  for (let offset = 0; offset <= end; offset += 1) {
    if (startsWith(bytes, signature, offset)) return true;
  }
  return false;
}

/**
 * The video format by its magic bytes: ISO media ("ftyp" at byte 4; brand "qt  " is QuickTime)
 * or WebM (an EBML header whose document type is "webm"; other Matroska files do not play in
 * every browser and are refused).
 */
export function detectVideoType(bytes: Uint8Array): VideoType | null {
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    return startsWith(bytes, ascii('qt  '), 8) ? 'mov' : 'mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return includesAscii(bytes, 'webm', EBML_HEADER_SCAN_BYTES) ? 'webm' : null;
  }
  return null;
}

export const fileSizeSchema = (maxBytes: number) =>
  integer().min(0, 'invalid-type').max(maxBytes, 'file-too-large');

/** The first problem of an uploaded image, judged by its size and its first bytes. */
export function imageFileProblem(bytes: Uint8Array, size = bytes.length): Code | undefined {
  if (size > IMAGE_MAX_BYTES) return 'file-too-large';
  return detectImageType(bytes) === null ? 'invalid-image-type' : undefined;
}

/** The first problem of an uploaded video, judged by its size and its first bytes. */
export function videoFileProblem(bytes: Uint8Array, size = bytes.length): Code | undefined {
  if (size > VIDEO_MAX_BYTES) return 'file-too-large';
  return detectVideoType(bytes) === null ? 'invalid-video-type' : undefined;
}

/** True when an image meets the spec's recommendation of at least 480 x 480 pixels. */
export const meetsImageRecommendation = (width: number, height: number): boolean =>
  width >= IMAGE_MIN_SIDE_PX && height >= IMAGE_MIN_SIDE_PX;

/** An intro video's duration in seconds (fractions allowed: players report them). */
export const videoDurationSchema = number()
  .min(0, 'invalid-type')
  .superRefine(
    rule((seconds: number) => {
      if (seconds < INTRO_VIDEO_MIN_SECONDS) return 'video-too-short';
      return seconds > INTRO_VIDEO_MAX_SECONDS ? 'video-too-long' : undefined;
    }),
  );

// ---------------------------------------------------------------------------------------------
// Paging

/** Number of pages for `total` items; an empty list still has its one (empty) first page. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** Paging moves only to pages 1 to the total number of pages (spec section 5). */
export const isValidPage = (page: number, totalPages: number): boolean =>
  Number.isInteger(page) && page >= 1 && page <= totalPages;

/** `page` and `size` from a query string; both optional. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'invalid-page' })
    .int('invalid-page')
    .min(1, 'invalid-page')
    .default(1),
  size: z.coerce
    .number({ error: 'invalid-page-size' })
    .int('invalid-page-size')
    .min(1, 'invalid-page-size')
    .max(PAGE_SIZE_MAX, 'invalid-page-size')
    .default(DEFAULT_PAGE_SIZE),
});

// ---------------------------------------------------------------------------------------------
// Reading results

export interface FieldIssue {
  /** Dotted path of the field ("" for the whole value), e.g. `password` or `items.0.name`. */
  path: string;
  code: ValidationCode;
}

/** The field codes of a zod error, in the order zod found them. */
export function validationIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: isValidationCode(issue.message) ? issue.message : 'invalid-type',
  }));
}

/** The first field code of a parse result, or null when it succeeded. */
export function firstValidationCode(
  result: { success: true } | { success: false; error: z.ZodError },
): ValidationCode | null {
  if (result.success) return null;
  return validationIssues(result.error)[0]?.code ?? 'invalid-type';
}
