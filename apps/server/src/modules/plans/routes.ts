import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPlanBodySchema,
  createPlanInviteBodySchema,
  numericIdParamsSchema,
  planInviteListQuerySchema,
  planListQuerySchema,
  updatePlanBodySchema,
  updatePlanInviteBodySchema,
} from '@talaqa/domain';
import type { PlanDeletedAnswer } from '@talaqa/domain';
import { admins, anyone, identityOf } from '../../http/access';
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
 * The plans catalogue (spec section 7). Reading is open to everyone (the landing's /pricing and
 * the plans page read it signed out), with what each caller may see decided by the service;
 * writing is for admins.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/plan/list',
    { config: { access: anyone }, schema: { querystring: planListQuerySchema } },
    async (request) => {
      const { page, size, includeInactive } = request.query;
      return listPlans(db, viewerOf(request.identity, includeInactive), { page, size });
    },
  );

  app.get(
    '/plan/:id',
    { config: { access: anyone }, schema: { params: numericIdParamsSchema } },
    async (request) => getPlan(db, request.params.id, viewerOf(request.identity)),
  );

  app.post(
    '/plan',
    { config: { access: admins }, schema: { body: createPlanBodySchema } },
    async (request, reply) => reply.code(201).send(await createPlan(db, request.body)),
  );

  app.patch(
    '/plan/:id',
    {
      config: { access: admins },
      schema: { params: numericIdParamsSchema, body: updatePlanBodySchema },
    },
    async (request) => updatePlan(db, request.params.id, request.body),
  );

  app.delete(
    '/plan/:id',
    { config: { access: admins }, schema: { params: numericIdParamsSchema } },
    async (request): Promise<PlanDeletedAnswer> => deletePlan(db, request.params.id),
  );
};

/** Who may buy an invites-only plan: admins manage the list. */
export const planInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/plan-invite/list',
    { config: { access: admins }, schema: { querystring: planInviteListQuerySchema } },
    async (request) => listPlanInvites(db, request.query),
  );

  app.post(
    '/plan-invite',
    { config: { access: admins }, schema: { body: createPlanInviteBodySchema } },
    async (request, reply) =>
      reply.code(201).send(await createPlanInvite(db, identityOf(request), request.body)),
  );

  app.patch(
    '/plan-invite',
    { config: { access: admins }, schema: { body: updatePlanInviteBodySchema } },
    async (request) => movePlanInvite(db, request.body),
  );

  app.delete(
    '/plan-invite/:id',
    { config: { access: admins }, schema: { params: numericIdParamsSchema } },
    async (request, reply) => {
      await deletePlanInvite(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
