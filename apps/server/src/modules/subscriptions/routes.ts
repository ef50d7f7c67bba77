import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionBodySchema,
  numericIdParamsSchema,
  Role,
  subscriptionListQuerySchema,
} from '@talaqa/domain';
import type { CurrentSubscriptionAnswer } from '@talaqa/domain';
import { ADMIN_ROLES, admins, identityOf, rolesOnly, signedIn } from '../../http/access';
import {
  cancelSubscription,
  currentSubscription,
  getSubscription,
  listSubscriptions,
} from './service';

/** Subscriptions (spec section 7): GET /sub/user, /sub/list, /sub/{id}; PATCH /sub/cancel. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/sub/user', { config: { access: signedIn } }, async (request, reply) => {
    const answer: CurrentSubscriptionAnswer = await currentSubscription(
      db,
      identityOf(request),
      new Date(),
    );
    // `null` is an answer here ("no subscription"), sent as JSON.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });

  app.get(
    '/sub/list',
    { config: { access: admins }, schema: { querystring: subscriptionListQuerySchema } },
    async (request) => listSubscriptions(db, request.query, new Date()),
  );

  app.get(
    '/sub/:id',
    { config: { access: signedIn }, schema: { params: numericIdParamsSchema } },
    async (request) => getSubscription(db, identityOf(request), request.params.id, new Date()),
  );

  app.patch(
    '/sub/cancel',
    {
      config: { access: rolesOnly(Role.Student, ...ADMIN_ROLES) },
      schema: { body: cancelSubscriptionBodySchema },
    },
    async (request) => cancelSubscription(db, identityOf(request), request.body, new Date()),
  );
};
