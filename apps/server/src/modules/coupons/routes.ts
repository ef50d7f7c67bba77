import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { audited } from '../audit';
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

  // Every change of the list is an admin action, written to the audit log with it.
  serve(app, API.coupons.create, async (request) =>
    audited(
      ctx,
      identityOf(request),
      'coupon.create',
      (db) => createCoupon({ db }, request.body),
      (coupon) => ({ targetId: coupon.id, details: { after: coupon } }),
    ),
  );

  serve(app, API.coupons.replace, async (request) => {
    const { id } = request.params;
    const { after } = await audited(
      ctx,
      identityOf(request),
      'coupon.update',
      async (db) => ({
        before: await getCoupon({ db }, id),
        after: await replaceCoupon({ db }, id, request.body),
      }),
      (change) => ({ targetId: id, details: change }),
    );
    return after;
  });

  serve(app, API.coupons.remove, async (request) => {
    const { id } = request.params;
    await audited(
      ctx,
      identityOf(request),
      'coupon.delete',
      async (db) => {
        const before = await getCoupon({ db }, id);
        await deleteCoupon({ db }, id);
        return before;
      },
      (before) => ({ targetId: id, details: { before } }),
    );
  });
};
