/** Ids in bodies, paths and query strings: the one id rule every field of the API shares. */

import { z } from 'zod';
import { integer } from './blocks';

/** The largest id: every id column is a PostgreSQL `integer` (32 bits, signed). */
export const ID_MAX = 2_147_483_647;

/**
 * An id in a JSON body: a whole number from 1 to ID_MAX. Anything past what the column holds is
 * a mistake or a probe, refused `invalid-type` before it reaches a query (where it would fail).
 */
export const idSchema = integer()
  .min(1, { error: 'invalid-type' })
  .max(ID_MAX, { error: 'invalid-type' });

/** Digits only: `0x10`, `1e3`, ` 12` and `-1` are not ids even though Number() reads them. */
const ID_TEXT = /^\d{1,16}$/;

/**
 * An id in a path or a query string: decimal digits read as a number, then the same bounds as
 * `idSchema`. Used by every `{id}`-like parameter and every id in a query.
 */
export const idTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value),
  z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .min(1, { error: 'invalid-type' })
    .max(ID_MAX, { error: 'invalid-type' }),
);

/** `{id}` in a path. */
export const idParamsSchema = z.object({ id: idTextSchema });
