/**
 * The `/contact` form's rules as plain functions, without zod: the marketing site's form checks
 * in the browser what the server's schema checks (contact/validation.ts builds it from the same
 * bounds and rules), without loading zod (docs/decisions/355-prerendered-marketing-site.md).
 */
import type { ValidationCode } from '../errors';
import { hasNulCharacter } from '../text';
import { emailProblem, normalisedEmail, textProblem } from '../validation/text-rules';
import type { TextBounds } from '../validation/text-rules';

export const CONTACT_TITLE_MIN_LENGTH = 3;
export const CONTACT_TITLE_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const CONTACT_TITLE_BOUNDS: TextBounds = {
  min: CONTACT_TITLE_MIN_LENGTH,
  max: CONTACT_TITLE_MAX_LENGTH,
  tooShort: 'contact-title-too-short',
  tooLong: 'contact-title-too-long',
};

export const CONTACT_MESSAGE_BOUNDS: TextBounds = {
  min: CONTACT_MESSAGE_MIN_LENGTH,
  max: CONTACT_MESSAGE_MAX_LENGTH,
  tooShort: 'contact-message-too-short',
  tooLong: 'contact-message-too-long',
};

/** What a visitor types into the form. */
export interface ContactFormValues {
  title: string;
  message: string;
  email: string;
}

/** The values as the server reads them: texts trimmed, the e-mail lower-cased. */
export const normalisedContactForm = (values: ContactFormValues): ContactFormValues => ({
  title: values.title.trim(),
  message: values.message.trim(),
  email: normalisedEmail(values.email),
});

/** One code a field, as `contactVisitorFormSchema` reports them; an empty object when all pass. */
export function contactFormProblems(
  values: ContactFormValues,
): Partial<Record<keyof ContactFormValues, ValidationCode>> {
  const form = normalisedContactForm(values);
  const problems: Partial<Record<keyof ContactFormValues, ValidationCode>> = {};
  const check = (field: keyof ContactFormValues, problem: ValidationCode | undefined) => {
    if (hasNulCharacter(values[field])) problems[field] = 'invalid-type';
    else if (problem) problems[field] = problem;
  };
  check('title', textProblem(form.title, CONTACT_TITLE_BOUNDS));
  check('message', textProblem(form.message, CONTACT_MESSAGE_BOUNDS));
  check('email', emailProblem(form.email));
  return problems;
}
