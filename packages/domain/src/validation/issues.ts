/** Reading a failed parse: the field codes, as the forms and the server's error answer use them. */

import type { z } from 'zod';
import { isValidationCode } from '../errors';
import type { ValidationCode } from '../errors';

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
