/**
 * Building blocks of request schemas shared by the features' contracts: how a missing field is
 * told from a wrong one, and how query-string words, flags and ids are read. Query values arrive as
 * strings; a field a form left empty (`?topic=`) counts as absent.
 */
import { z } from 'zod';
import type { ValidationCode } from '../errors';
import { idSchema, idTextSchema } from '../validation';

/** Missing is `required`; present but of the wrong kind `code` (default `invalid-type`). */
export const requiredOr =
  (code: ValidationCode = 'invalid-type') =>
  (issue: { input?: unknown }): ValidationCode =>
    issue.input == null ? 'required' : code;

/** An id in a JSON body: the shared rule (1 to ID_MAX). */
export const bodyId = () => idSchema;

/** A query field left empty by a form (`?topic=`) counts as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An optional id in a query string: the shared rule (digits, 1 to ID_MAX). */
export const queryId = () => optionalQuery(idTextSchema);

/** `true`/`false` in a query string (a real boolean is accepted too); absent stays undefined. */
export const queryFlag = () =>
  optionalQuery(
    z
      .preprocess(
        (value) => (typeof value === 'boolean' ? String(value) : value),
        z.enum(['true', 'false'], { error: 'invalid-type' }),
      )
      .transform((value) => value === 'true'),
  );

/** One of a list of words in a query string. */
export const queryWord = <T extends string>(values: readonly T[]) =>
  optionalQuery(z.enum(values as [T, ...T[]], { error: 'invalid-type' }));

/** An instant in an answer: an ISO 8601 string (the server writes `Date#toISOString()`). */
export const instantSchema = z.string();
