import { textSchema } from '../validation';

/**
 * A free text of a profile (job, aim) that may be cleared: trimmed, at most `max` characters, and
 * an empty text is stored as null. Shared by the user's and the student's forms (not exported
 * from the package).
 */
export const optionalText = (max: number) =>
  textSchema(() => 'invalid-type')
    .trim()
    .max(max, 'invalid-type')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
