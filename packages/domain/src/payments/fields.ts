/**
 * Field rules shared by the request schemas of the money features (plans, coupons, payments,
 * subscriptions, transactions): how a missing field is told from a wrong one, and how ids, flags,
 * instants and tokens are read from a body or a query string.
 */
import { z } from 'zod';
import type { ValidationCode } from '../errors';
import { idSchema, idTextSchema, textSchema } from '../validation';

/** Missing is `required`; present but of the wrong kind `code` (default `invalid-type`). */
export const requiredOr =
  (code: ValidationCode = 'invalid-type') =>
  (issue: { input?: unknown }): ValidationCode =>
    issue.input == null ? 'required' : code;

/** An id in a JSON body: the shared rule (1 to ID_MAX). */
export const bodyId = () => idSchema;

/** An id in a path or a query string: the shared rule (digits, 1 to ID_MAX). */
export const textId = () => idTextSchema;

/** `true`/`false` in a query string (a real boolean is accepted too); absent stays undefined. */
export const queryFlag = () =>
  z
    .preprocess(
      (value) => (typeof value === 'boolean' ? String(value) : value),
      z.enum(['true', 'false'], { error: 'invalid-type' }),
    )
    .transform((value) => value === 'true')
    .optional();

/** An ISO instant with its offset in a query string, as a Date. */
export const queryInstant = () =>
  z.iso
    .datetime({ offset: true, error: 'invalid-type' })
    .transform((value) => new Date(value))
    .optional();

/** A trimmed string of 1 to `max` characters: empty is `required`, longer `invalid-type`. */
export const token = (max: number) =>
  textSchema(requiredOr()).trim().min(1, { error: 'required' }).max(max, { error: 'invalid-type' });

// Answers: plain data, read as the server writes it.

/** A row id in an answer. */
export const idField = z.number().int();
/** Whole piasters in an answer. */
export const piastersField = z.number().int();
/** An instant in an answer: an ISO 8601 string (the server writes `Date#toISOString()`). */
export const instantField = z.string();
