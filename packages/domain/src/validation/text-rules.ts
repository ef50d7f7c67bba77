/**
 * Text rules as plain functions, without zod (blocks.ts, accounts.ts and content.ts build their
 * schemas from them): the marketing site's contact form checks a message in the browser without
 * loading zod (docs/decisions/355-prerendered-marketing-site.md, as 308 did for names).
 */
import type { ValidationCode } from '../errors';
import { charCount } from '../text';

export interface TextBounds {
  min: number;
  max: number;
  tooShort: ValidationCode;
  tooLong: ValidationCode;
  /** Reported for an empty value instead of `tooShort`, where the spec has its own message. */
  empty?: ValidationCode;
  invalid?: ValidationCode;
  isValid?: (value: string) => boolean;
}

export function textProblem(value: string, bounds: TextBounds): ValidationCode | undefined {
  const length = charCount(value);
  if (length === 0 && bounds.empty) return bounds.empty;
  if (length < bounds.min) return bounds.tooShort;
  if (length > bounds.max) return bounds.tooLong;
  if (bounds.isValid && !bounds.isValid(value)) return bounds.invalid ?? 'invalid-type';
  return undefined;
}

/** RFC 5321 limit of a forward path. */
export const EMAIL_MAX_LENGTH = 254;

/** Simple on purpose (spec): something@domain.tld with a top-level part of 2-4 letters. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,4}$/;

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);

/** An e-mail as the schemas read it: trimmed and lower-cased. */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/** An e-mail (normalised) that is empty is `required`; anything else must be valid. */
export const emailProblem = (email: string): ValidationCode | undefined => {
  if (email === '') return 'required';
  return isValidEmail(email) ? undefined : 'invalid-email';
};
