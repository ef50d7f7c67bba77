import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import { serviceContextOf } from '../../context';
import { audited } from '../audit';
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

  // Creating, changing (the price too) and deleting a plan are admin actions, each written to
  // the audit log in the action's transaction.
  serve(app, API.plans.create, async (request) =>
    audited(
      ctx,
      identityOf(request),
      'plan.create',
      (db) => createPlan({ db }, request.body),
      (plan) => ({ targetId: plan.id, details: { after: plan } }),
    ),
  );

  serve(app, API.plans.update, async (request) => {
    const { id } = request.params;
    const caller = identityOf(request);
    const { after } = await audited(
      ctx,
      caller,
      'plan.update',
      async (db) => ({
        before: await getPlan({ db }, id, viewerOf(caller)),
        after: await updatePlan({ db }, id, request.body),
      }),
      (change) => ({ targetId: id, details: change }),
    );
    return after;
  });

  serve(app, API.plans.remove, async (request) =>
    audited(
      ctx,
      identityOf(request),
      'plan.delete',
      (db) => deletePlan({ db }, request.params.id),
      (answer) => ({ targetId: answer.id, details: { deactivated: answer.deactivated } }),
    ),
  );
};

/** Who may buy an invites-only plan (contract `API.planInvites`): admins manage the list. */
export const planInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'plans');

  serve(app, API.planInvites.list, async (request) => listPlanInvites(ctx, request.query));

  serve(app, API.planInvites.create, async (request) => {
    const caller = identityOf(request);
    return audited(
      ctx,
      caller,
      'plan-invite.create',
      (db) => createPlanInvite({ db }, caller, request.body),
      (invite) => ({ targetId: invite.id, details: { sent: request.body } }),
    );
  });

  serve(app, API.planInvites.move, async (request) =>
    audited(
      ctx,
      identityOf(request),
      'plan-invite.move',
      (db) => movePlanInvite({ db }, request.body),
      (invite) => ({ targetId: invite.id, details: { sent: request.body } }),
    ),
  );

  serve(app, API.planInvites.remove, async (request) => {
    await audited(
      ctx,
      identityOf(request),
      'plan-invite.delete',
      (db) => deletePlanInvite({ db }, request.params.id),
      () => ({ targetId: request.params.id }),
    );
  });
};
