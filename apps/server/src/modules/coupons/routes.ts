import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { serviceContextOf } from '../../context';
import {
  couponByCode,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  replaceCoupon,
} from './service';

/** Looking a code up at checkout: enough for typing mistakes, too few to guess codes. */
const LOOKUPS_PER_ACCOUNT = { max: 20, minutes: 15 };
const LOOKUPS_PER_ADDRESS = { max: 60, minutes: 15 };

/**
 * Coupons (contract `API.coupons`). The coupon body's expiry is checked against the moment each
 * request is read (`couponSaveBodySchema`); a failure answers 400 with the field's code.
 */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'coupons');

  serve(app, API.coupons.list, async (request) => listCoupons(ctx, request.query));

  serve(app, API.coupons.byCode, async (request) => couponByCode(ctx, request.params.code), {
    onRequest: limitPerAddress(app, 'coupon-lookup', LOOKUPS_PER_ADDRESS),
    preHandler: limitPerAccount(app, 'coupon-lookup:account', LOOKUPS_PER_ACCOUNT),
  });

  serve(app, API.coupons.get, async (request) => getCoupon(ctx, request.params.id));

  serve(app, API.coupons.create, async (request) => createCoupon(ctx, request.body));

  serve(app, API.coupons.replace, async (request) =>
    replaceCoupon(ctx, request.params.id, request.body),
  );

  serve(app, API.coupons.remove, async (request) => {
    await deleteCoupon(ctx, request.params.id);
  });
};
