import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { readAvailability, saveAvailability } from './service';

/**
 * The weekly schedule (spec section 7, `/availability-slot/`; the server ignores the trailing
 * slash). GET shows one Cairo week of a tutor's schedule with the busy times; POST replaces the
 * caller's whole template and answers the current week.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'availability');

  serve(app, API.availability.week, async (request) =>
    readAvailability(ctx, identityOf(request), request.query),
  );

  serve(app, API.availability.save, async (request) => {
    const tutorId = identityOf(request).userId;
    const week = await saveAvailability(ctx, tutorId, request.body.slots);
    // After the commit: list pages and open tutor pages learn the new free times.
    await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] });
    return week;
  });
};
