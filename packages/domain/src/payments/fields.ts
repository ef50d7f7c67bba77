/**
 * Field rules of the money features (plans, coupons, payments, subscriptions, transactions) beyond
 * the shared ones of ../contract/query-fields. Their query fields keep the money API's rule: a
 * value left empty (`?includeExpired=`) is a wrong value, not an absent one.
 */
import { z } from 'zod';
import { requiredOr } from '../contract/query-fields';
import { idTextSchema, textSchema } from '../validation';

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
