/**
 * The building blocks of every field rule: how a failure is reported (a code in the issue's
 * `message`), numbers and integers, the one text rule (no NUL), enumerations and bounded texts.
 */

import { z } from 'zod';
import type { ValidationCode } from '../errors';
import { hasNulCharacter } from '../text';
import { textProblem } from './text-rules';
import type { TextBounds } from './text-rules';

export type Code = ValidationCode;
export type Ctx = z.RefinementCtx;

/** Missing fields are "required"; present values of the wrong kind are "invalid-type". */
export const typeError = (issue: { input?: unknown }): Code =>
  issue.input === undefined || issue.input === null ? 'required' : 'invalid-type';

export const fail = (ctx: Ctx, code: Code): void => ctx.addIssue({ code: 'custom', message: code });

/** Fails a transform: zod drops the value and keeps the issue. */
export const reject = (ctx: Ctx, code: Code): never => {
  fail(ctx, code);
  return z.NEVER;
};

/** Attaches a rule that names at most one failure. */
export const rule =
  <T>(check: (value: T) => Code | undefined) =>
  (value: T, ctx: Ctx): void => {
    const code = check(value);
    if (code) fail(ctx, code);
  };

export const number = () => z.number({ error: typeError });
export const integer = () => number().int({ error: 'invalid-type' });

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

export const text = (nulCode?: Code) => textSchema(typeError, nulCode);

/** One of an enumeration's values; missing is "required", anything else `code`. */
export const oneOf = <T extends string | number>(
  values: readonly T[],
  code: Code = 'invalid-type',
) => z.literal(values, { error: (issue) => (issue.input == null ? 'required' : code) });

/** A trimmed text field with length bounds and an optional content rule. */
export const boundedText = (bounds: TextBounds) =>
  text(bounds.invalid)
    .trim()
    .superRefine(rule((value: string) => textProblem(value, bounds)));

/** An integer with its own code below and above the bounds. */
export const boundedInteger = (min: number, max: number, below: Code, above: Code = below) =>
  integer().superRefine(
    rule((value: number) => (value < min ? below : value > max ? above : undefined)),
  );

/** Forms send "" for an untouched optional field; treat it as absent. */
export const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
