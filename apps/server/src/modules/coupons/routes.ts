import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { toCoupon } from './repo';
import {
  createCoupon,
  deleteCoupon,
  findActiveCoupon,
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
  const db = app.database.db;

  serve(app, API.coupons.list, async (request) => listCoupons(db, request.query, app.clock.now()));

  serve(
    app,
    API.coupons.byCode,
    async (request) => toCoupon(await findActiveCoupon(db, request.params.code, app.clock.now())),
    {
      onRequest: limitPerAddress(app, 'coupon-lookup', LOOKUPS_PER_ADDRESS),
      preHandler: limitPerAccount(app, 'coupon-lookup:account', LOOKUPS_PER_ACCOUNT),
    },
  );

  serve(app, API.coupons.get, async (request) => getCoupon(db, request.params.id));

  serve(app, API.coupons.create, async (request) => createCoupon(db, request.body));

  serve(app, API.coupons.replace, async (request) =>
    replaceCoupon(db, request.params.id, request.body),
  );

  serve(app, API.coupons.remove, async (request) => {
    await deleteCoupon(db, request.params.id);
  });
};
