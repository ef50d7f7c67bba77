import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticePeriodSchema, Role, tutorInfoParamsSchema } from '@talaqa/domain';
import { admins, identityOf, rolesOnly } from '../../http/access';
import { patchTutorAdminFields, tutorMeta } from './service';

/**
 * PATCH /user/tutor/{id} (admins; our route, docs/decisions/149-tutor-fields.md): the fields
 * only an admin sets. Only what is sent changes; an empty body changes nothing.
 */
export const tutorAdminBodySchema = z.strictObject({
  activated: z.boolean({ error: 'invalid-type' }).optional(),
  noticePeriod: noticePeriodSchema.optional(),
  bypassOnboarding: z.boolean({ error: 'invalid-type' }).optional(),
});

/**
 * The tutor's own profile and the admin's tutor switches. Writing the texts goes through PUT
 * /user/{id} (users module), which upserts them in the same transaction as the user's fields; the
 * public list and profile are the listing's (listing/plugin.ts).
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
      await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutor.id] });
      return tutor;
    },
  );
};
