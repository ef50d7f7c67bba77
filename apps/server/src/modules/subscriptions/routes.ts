import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import {
  cancelSubscription,
  currentSubscription,
  getSubscription,
  listSubscriptions,
} from './service';

/** Subscriptions (spec section 7, contract `API.subscriptions`). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'subscriptions');

  // `null` is an answer here ("no subscription"), sent as JSON.
  serve(app, API.subscriptions.current, async (request) =>
    currentSubscription(ctx, identityOf(request)),
  );

  serve(app, API.subscriptions.list, async (request) => listSubscriptions(ctx, request.query));

  serve(app, API.subscriptions.get, async (request) =>
    getSubscription(ctx, identityOf(request), request.params.id),
  );

  serve(app, API.subscriptions.cancel, async (request) =>
    cancelSubscription(ctx, identityOf(request), request.body),
  );
};
