import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityBodySchema, availabilityQuerySchema, Role } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf, rolesOnly, signedIn } from '../../http/access';
import { readAvailability, saveAvailability } from './service';

/**
 * The weekly schedule (spec section 7, `/availability-slot/`; the server ignores the trailing
 * slash). GET shows one Cairo week of a tutor's schedule with the busy times; POST replaces the
 * caller's whole template and answers the current week.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'availability');

  app.get(
    '/availability-slot/',
    { config: { access: signedIn }, schema: { querystring: availabilityQuerySchema } },
    async (request) => readAvailability(ctx, identityOf(request), request.query),
  );

  app.post(
    '/availability-slot/',
    { config: { access: rolesOnly(Role.Tutor) }, schema: { body: availabilityBodySchema } },
    async (request) => {
      const tutorId = identityOf(request).userId;
      const week = await saveAvailability(ctx, tutorId, request.body.slots);
      // After the commit: list pages and open tutor pages learn the new free times.
      await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] });
      return week;
    },
  );
};
