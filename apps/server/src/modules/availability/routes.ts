import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { identityOf } from '../auth/access';
import { readAvailability, saveAvailability } from './service';

/**
 * The weekly schedule (spec section 7, `/availability-slot/`; the server ignores the trailing
 * slash). GET shows one Cairo week of a tutor's schedule with the busy times; POST replaces the
 * caller's whole template and answers the current week.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  serve(app, API.availability.week, async (request) =>
    readAvailability(db, identityOf(request), request.query, app.clock.now()),
  );

  serve(app, API.availability.save, async (request) => {
    const tutorId = identityOf(request).userId;
    const week = await saveAvailability(db, tutorId, request.body.slots, app.clock.now());
    // After the commit: list pages and open tutor pages learn the new free times.
    await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] });
    return week;
  });
};
