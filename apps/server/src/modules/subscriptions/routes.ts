import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { identityOf } from '../auth/access';
import {
  cancelSubscription,
  currentSubscription,
  getSubscription,
  listSubscriptions,
} from './service';

/** Subscriptions (spec section 7, contract `API.subscriptions`). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // `null` is an answer here ("no subscription"), sent as JSON.
  serve(app, API.subscriptions.current, async (request) =>
    currentSubscription(db, identityOf(request), new Date()),
  );

  serve(app, API.subscriptions.list, async (request) =>
    listSubscriptions(db, request.query, new Date()),
  );

  serve(app, API.subscriptions.get, async (request) =>
    getSubscription(db, identityOf(request), request.params.id, new Date()),
  );

  serve(app, API.subscriptions.cancel, async (request) =>
    cancelSubscription(db, identityOf(request), request.body, new Date()),
  );
};
