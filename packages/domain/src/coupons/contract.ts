/**
 * Coupons: admins keep the list (GET /coupon/list, /coupon/{id}; POST, PUT, DELETE), a signed-in
 * student looks a code up at checkout (GET /coupon/code/{code}, rate-limited on the server).
 */
import { z } from 'zod';
import { admins, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { idParamsSchema } from '../validation';
import { instantSchema } from '../contract/query-fields';
import { idField } from '../payments/fields';
import { couponCodeParamsSchema, couponListQuerySchema, couponSaveBodySchema } from './validation';

export const couponViewSchema = z.object({
  id: idField,
  /** Upper case letters and digits. */
  code: z.string(),
  /** Whole percents, 1-100. */
  discount: z.number().int(),
  expireDate: instantSchema,
});
export const couponPageSchema = pageSchema(couponViewSchema);
export type CouponPage = z.output<typeof couponPageSchema>;

export const couponEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/coupon/list',
    summary: 'Coupons, the expired ones on request',
    access: admins,
    query: couponListQuerySchema,
    responses: { 200: couponPageSchema },
  }),
  byCode: endpoint({
    method: 'GET',
    path: '/coupon/code/:code',
    summary: 'The coupon of a code typed at checkout, when it can be used now',
    access: signedIn,
    params: couponCodeParamsSchema,
    responses: { 200: couponViewSchema },
    errors: ['coupon-not-found', 'expired-coupon', 'invalid-coupon-code', 'too-many-requests'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/coupon/:id',
    summary: 'One coupon',
    access: admins,
    params: idParamsSchema,
    responses: { 200: couponViewSchema },
    errors: ['coupon-not-found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/coupon',
    summary: 'Adds a coupon',
    access: admins,
    body: couponSaveBodySchema,
    responses: { 201: couponViewSchema },
    errors: ['coupon-exists'],
  }),
  replace: endpoint({
    method: 'PUT',
    path: '/coupon/:id',
    summary: 'Replaces a coupon',
    access: admins,
    params: idParamsSchema,
    body: couponSaveBodySchema,
    responses: { 200: couponViewSchema },
    errors: ['coupon-not-found', 'coupon-exists'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/coupon/:id',
    summary: 'Deletes a coupon',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['coupon-not-found'],
  }),
};
