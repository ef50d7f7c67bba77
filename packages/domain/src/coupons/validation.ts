/**
 * Coupons (spec section 7): the admin's coupon body, the list query and the code a student types
 * at checkout, as zod schemas whose failures carry catalogue codes.
 */
import { z } from 'zod';
import {
  couponCodeSchema,
  couponDiscountSchema,
  couponExpireDateSchema,
  couponSchema,
  pageQuerySchema,
} from '../validation';
import { queryFlag } from '../payments/fields';

/** The coupon as the admin's form checks it, its expiry after `now`. */
export const couponBodySchema = (now: Date) => couponSchema(now);
export type CouponBody = z.input<ReturnType<typeof couponBodySchema>>;

/** The expiry as the server reads it: after the moment the request is read, not a fixed `now`. */
const expiryAfterTheRequest = z
  .unknown()
  .transform((value, ctx): Date => {
    const read = couponExpireDateSchema(new Date()).safeParse(value);
    if (read.success) return read.data;
    for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  })
  .meta({ description: 'An ISO instant with its offset, or a day (yyyy-mm-dd) ending in Cairo' });

/**
 * POST /coupon and PUT /coupon/{id} (admins): the whole coupon (`couponBodySchema`, its expiry
 * checked against the clock when each request is read); answers the Coupon.
 */
export const couponSaveBodySchema = z.object({
  code: couponCodeSchema,
  discount: couponDiscountSchema,
  expireDate: expiryAfterTheRequest,
});

/** GET /coupon/list (admins): expired coupons only with `includeExpired=true`. */
export const couponListQuerySchema = pageQuerySchema.extend({ includeExpired: queryFlag() });
export type CouponListQuery = z.input<typeof couponListQuerySchema>;

/**
 * GET /coupon/code/{code} (signed in): the Coupon when it can be used now; `coupon-not-found` for
 * an unknown code, `expired-coupon` (400) for one past its expiry (see `isCouponActive`). The code
 * is read like the form field: trimmed and upper-cased, `invalid-coupon-code` when malformed.
 */
export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });
