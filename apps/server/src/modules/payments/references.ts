import { randomInt } from 'node:crypto';
import type { Environment } from '@talaqa/domain';

/**
 * The reference we send a provider for an order (Fawry's `merchantRefNum`, Paymob's
 * `special_reference`, which comes back as `merchant_order_id`), kept unique in
 * `transactions.order_reference`. Row ids repeat when a database is reset (staging, a restore),
 * and a provider that has seen a reference answers for the old order; this one cannot repeat:
 *
 *   <environment digit><milliseconds since 1970, 13 digits><5 random digits>  (19 digits)
 *
 * Digits only, because Fawry's reference-number API types `merchantRefNum` as an Integer; 19
 * digits starting with 1-4 stay below 2^63-1, so even a 64-bit integer holds it. The time part
 * makes it new after any reset. Within one process references only grow (a burst of orders in
 * one millisecond would otherwise meet the birthday bound of 5 random digits); across processes
 * the random part tells them apart, and the unique column refuses the rare clash rather than
 * sending a reference twice.
 * The first digit says who made it: 1 production, 2 staging, 3 local, 4 the database's column
 * default (rows not written by a checkout: seeds, tests).
 * Row ids (at most 10 digits) never look like one: the references sent before (row ids) stay
 * the references of their rows (the migration copies them), so old orders are still found.
 */
export const ORDER_REFERENCE_PATTERN = /^[1-4]\d{18}$/;

const ENVIRONMENT_DIGIT: Record<Environment, string> = {
  production: '1',
  staging: '2',
  local: '3',
};

const lastDrawn = new Map<Environment, bigint>();

/**
 * 19 digits no reset can bring back (the layout above). Order references and Fawry customer
 * profile ids draw from the same sequence, so within one process no two are equal either.
 */
function newUniqueDigits(env: Environment, now: number): string {
  const millis = String(Math.trunc(now)).padStart(13, '0').slice(-13);
  const random = String(randomInt(0, 100_000)).padStart(5, '0');
  const drawn = BigInt(`${ENVIRONMENT_DIGIT[env]}${millis}${random}`);
  const last = lastDrawn.get(env);
  const next = last !== undefined && drawn <= last ? last + 1n : drawn;
  lastDrawn.set(env, next);
  return next.toString();
}

// The wall clock on purpose: the time only makes references unique and growing (a test's moved
// app clock must not make two servers draw the same one), no rule reads it back.
// eslint-disable-next-line no-restricted-syntax -- order-reference uniqueness, not business time
export const newOrderReference = (env: Environment, now: number = Date.now()): string =>
  newUniqueDigits(env, now);

/**
 * Fawry's `customerProfileId` for a user who has none yet (`users.fawry_customer_profile_id`,
 * unique). Fawry keeps saved cards per profile id, so a row id would hand a reset database's new
 * user the cards of the old user with that id; 19 digits never equal a row id (at most 10),
 * which the users of before keep as their profile id. Digits only, like the row ids
 * sent so far.
 */
// eslint-disable-next-line no-restricted-syntax -- uniqueness, not business time (as above)
export const newFawryCustomerProfileId = (env: Environment, now: number = Date.now()): string =>
  newUniqueDigits(env, now);

/** A reference we could have sent (a new one, or an old row id): anything else is not ours. */
export const isOrderReference = (text: string | undefined): text is string =>
  text !== undefined && (ORDER_REFERENCE_PATTERN.test(text) || /^[1-9]\d{0,9}$/.test(text));
