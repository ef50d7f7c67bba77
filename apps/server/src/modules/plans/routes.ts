import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import {
  createPlan,
  createPlanInvite,
  deletePlan,
  deletePlanInvite,
  getPlan,
  listPlanInvites,
  listPlans,
  movePlanInvite,
  updatePlan,
  viewerOf,
} from './service';

/**
 * The plans catalogue (spec section 7, contract `API.plans`). Reading is open to everyone (the
 * landing's /pricing and the plans page read it signed out), with what each caller may see
 * decided by the service; writing is for admins.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  serve(app, API.plans.list, async (request) => {
    const { page, size, includeInactive } = request.query;
    return listPlans(db, viewerOf(request.identity, includeInactive), { page, size });
  });

  serve(app, API.plans.get, async (request) =>
    getPlan(db, request.params.id, viewerOf(request.identity)),
  );

  serve(app, API.plans.create, async (request) => createPlan(db, request.body));

  serve(app, API.plans.update, async (request) => updatePlan(db, request.params.id, request.body));

  serve(app, API.plans.remove, async (request) => deletePlan(db, request.params.id));
};

/** Who may buy an invites-only plan (contract `API.planInvites`): admins manage the list. */
export const planInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  serve(app, API.planInvites.list, async (request) => listPlanInvites(db, request.query));

  serve(app, API.planInvites.create, async (request) =>
    createPlanInvite(db, identityOf(request), request.body),
  );

  serve(app, API.planInvites.move, async (request) => movePlanInvite(db, request.body));

  serve(app, API.planInvites.remove, async (request) => {
    await deletePlanInvite(db, request.params.id);
  });
};
