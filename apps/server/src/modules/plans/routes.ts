import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import { serviceContextOf } from '../../context';
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
  const ctx = serviceContextOf(app, 'plans');

  serve(app, API.plans.list, async (request) => {
    const { page, size, includeInactive } = request.query;
    return listPlans(ctx, viewerOf(request.identity, includeInactive), { page, size });
  });

  serve(app, API.plans.get, async (request) =>
    getPlan(ctx, request.params.id, viewerOf(request.identity)),
  );

  serve(app, API.plans.create, async (request) => createPlan(ctx, request.body));

  serve(app, API.plans.update, async (request) => updatePlan(ctx, request.params.id, request.body));

  serve(app, API.plans.remove, async (request) => deletePlan(ctx, request.params.id));
};

/** Who may buy an invites-only plan (contract `API.planInvites`): admins manage the list. */
export const planInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'plans');

  serve(app, API.planInvites.list, async (request) => listPlanInvites(ctx, request.query));

  serve(app, API.planInvites.create, async (request) =>
    createPlanInvite(ctx, identityOf(request), request.body),
  );

  serve(app, API.planInvites.move, async (request) => movePlanInvite(ctx, request.body));

  serve(app, API.planInvites.remove, async (request) => {
    await deletePlanInvite(ctx, request.params.id);
  });
};
