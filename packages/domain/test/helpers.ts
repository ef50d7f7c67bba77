import type { z } from 'zod';
import { firstValidationCode, validationIssues } from '../src/validation';
import type { ValidationCode } from '../src/errors';

/** The first code a schema reports for `value`, or null when the value passes. */
export const codeOf = (schema: z.ZodType, value: unknown): ValidationCode | null =>
  firstValidationCode(schema.safeParse(value));

/** Every code a schema reports for `value`. */
export function codesOf(schema: z.ZodType, value: unknown): ValidationCode[] {
  const result = schema.safeParse(value);
  return result.success ? [] : validationIssues(result.error).map((issue) => issue.code);
}

/** The parsed value; fails the test with the codes when the value does not pass. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`expected to pass, got ${JSON.stringify(validationIssues(result.error))}`);
  }
  return result.data;
}

/** A string of `length` copies of `unit`. */
export const repeat = (unit: string, length: number): string => unit.repeat(length);
