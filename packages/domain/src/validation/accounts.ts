import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from '../constants';
import { charCount, collapseSpaces, normaliseEgyptianPhone, toAsciiDigits } from '../text';
import { fail, reject, rule, text, textSchema } from './blocks';
import type { Code } from './blocks';
import { emailProblem } from './text-rules';
import { tutorNameProblem, userNameProblem } from './names';

// Bounds: those the spec states are marked "spec"; the others are our choices.

/** spec */
export const PASSWORD_MIN_LENGTH = 8;
/** spec */
export const PASSWORD_MAX_LENGTH = 50;

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

/** Two spellings of one address: e-mails are compared trimmed and case-insensitively. */
export const sameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** An empty (or blank) e-mail is `required`, like a missing one; anything else must be valid. */
export const emailSchema = text().trim().toLowerCase().superRefine(rule(emailProblem));

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

/** A full name of at least two parts, letters of any script; inner spaces collapsed. */
export const userNameSchema = text().transform(collapseSpaces).superRefine(rule(userNameProblem));

/** A tutor's name: a valid user name written in Arabic letters only. */
export const tutorNameSchema = userNameSchema.superRefine(rule(tutorNameProblem));

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
