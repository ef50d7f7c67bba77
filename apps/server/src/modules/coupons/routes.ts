import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponBodySchema,
  couponCodeParamsSchema,
  couponListQuerySchema,
  numericIdParamsSchema,
} from '@talaqa/domain';
import { toCoupon } from './repo';
import { admins, signedIn } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
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
 * The coupon body is checked against the time of the request (the expiry must lie ahead), so it
 * is parsed in the handler; a failure answers 400 with the field's code like any schema.
 */
const couponBody = (body: unknown, now: Date) => couponBodySchema(now).parse(body);

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/coupon/list',
    { config: { access: admins }, schema: { querystring: couponListQuerySchema } },
    async (request) => listCoupons(db, request.query, app.clock.now()),
  );

  app.get(
    '/coupon/code/:code',
    {
      config: { access: signedIn },
      onRequest: limitPerAddress(app, 'coupon-lookup', LOOKUPS_PER_ADDRESS),
      preHandler: limitPerAccount(app, 'coupon-lookup:account', LOOKUPS_PER_ACCOUNT),
      schema: { params: couponCodeParamsSchema },
    },
    async (request) => toCoupon(await findActiveCoupon(db, request.params.code, app.clock.now())),
  );

  app.get(
    '/coupon/:id',
    { config: { access: admins }, schema: { params: numericIdParamsSchema } },
    async (request) => getCoupon(db, request.params.id),
  );

  app.post('/coupon', { config: { access: admins } }, async (request, reply) =>
    reply.code(201).send(await createCoupon(db, couponBody(request.body, app.clock.now()))),
  );

  app.put(
    '/coupon/:id',
    { config: { access: admins }, schema: { params: numericIdParamsSchema } },
    async (request) =>
      replaceCoupon(db, request.params.id, couponBody(request.body, app.clock.now())),
  );

  app.delete(
    '/coupon/:id',
    { config: { access: admins }, schema: { params: numericIdParamsSchema } },
    async (request, reply) => {
      await deleteCoupon(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
