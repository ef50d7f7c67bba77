import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noticePeriodSchema,
  Role,
  tutorInfoParamsSchema,
  tutorListQuerySchema,
} from '@talaqa/domain';
import type { TutorPage } from '@talaqa/domain';
import { admins, anyone, identityOf, rolesOnly } from '../auth/access';
import { tutorsChanged } from './events';
import { listTutors, patchTutorAdminFields, tutorInfo, tutorMeta } from './service';

/**
 * PATCH /user/tutor/{id} (admins; our route, docs/decisions.md): the fields only an admin sets.
 * Only what is sent changes; an empty body changes nothing.
 */
export const tutorAdminBodySchema = z.strictObject({
  activated: z.boolean({ error: 'invalid-type' }).optional(),
  noticePeriod: noticePeriodSchema.optional(),
  bypassOnboarding: z.boolean({ error: 'invalid-type' }).optional(),
});

/**
 * The tutor's own profile, the admin's tutor switches, the public tutors list and profile, and
 * the cache flush. Writing the texts goes through PUT /user/{id} (users module), which upserts
 * them in the same transaction as the user's fields.
 */
export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The meta object the client merges into a tutor's session (spec section 7).
  app.get('/user/tutor/meta', { config: { access: rolesOnly(Role.Tutor) } }, async (request) =>
    tutorMeta(db, identityOf(request).userId),
  );

  app.patch(
    '/user/tutor/:id',
    {
      config: { access: admins },
      schema: { params: tutorInfoParamsSchema, body: tutorAdminBodySchema },
    },
    async (request) => {
      const tutor = await patchTutorAdminFields(
        db,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      await tutorsChanged(app, [tutor.id]);
      return tutor;
    },
  );

  // Public pages are cached by their normalised query (tutors/cache.ts).
  app.get(
    '/user/tutor/list/onboarded',
    { config: { access: anyone }, schema: { querystring: tutorListQuerySchema } },
    async (request, reply) => {
      const key = `list:${JSON.stringify(request.query)}`;
      const cached = await app.tutorsCache.get(key).catch(() => undefined);
      if (cached !== undefined) {
        return reply.header('content-type', 'application/json; charset=utf-8').send(cached);
      }
      const page: TutorPage = await listTutors(db, request.query, app.clock.now());
      await app.tutorsCache.set(key, JSON.stringify(page)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'tutors page not cached');
      });
      return page;
    },
  );

  app.get(
    '/user/tutor/info/:id',
    { config: { access: anyone }, schema: { params: tutorInfoParamsSchema } },
    async (request) => tutorInfo(db, request.params.id, app.clock.now()),
  );

  app.delete('/cache/flush', { config: { access: admins } }, async (_request, reply) => {
    await app.tutorsCache.clear();
    await tutorsChanged(app, null);
    return reply.code(204).send();
  });
};
