import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionBodySchema,
  numericIdParamsSchema,
  Role,
  subscriptionListQuerySchema,
} from '@talaqa/domain';
import type { CurrentSubscriptionAnswer } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { ADMIN_ROLES, admins, identityOf, rolesOnly, signedIn } from '../../http/access';
import {
  cancelSubscription,
  currentSubscription,
  getSubscription,
  listSubscriptions,
} from './service';

/** Subscriptions (spec section 7): GET /sub/user, /sub/list, /sub/{id}; PATCH /sub/cancel. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'subscriptions');

  app.get('/sub/user', { config: { access: signedIn } }, async (request, reply) => {
    const answer: CurrentSubscriptionAnswer = await currentSubscription(ctx, identityOf(request));
    // `null` is an answer here ("no subscription"), sent as JSON.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });

  app.get(
    '/sub/list',
    { config: { access: admins }, schema: { querystring: subscriptionListQuerySchema } },
    async (request) => listSubscriptions(ctx, request.query),
  );

  app.get(
    '/sub/:id',
    { config: { access: signedIn }, schema: { params: numericIdParamsSchema } },
    async (request) => getSubscription(ctx, identityOf(request), request.params.id),
  );

  app.patch(
    '/sub/cancel',
    {
      config: { access: rolesOnly(Role.Student, ...ADMIN_ROLES) },
      schema: { body: cancelSubscriptionBodySchema },
    },
    async (request) => cancelSubscription(ctx, identityOf(request), request.body),
  );
};
