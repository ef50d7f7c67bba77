import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { patchTutorAdminFields, tutorForAdmin, tutorMeta } from './service';

/**
 * The tutor's own profile and the admin's tutor switches. Writing the texts goes through PUT
 * /user/{id} (users module), which upserts them in the same transaction as the user's fields; the
 * public list and profile are the listing's (listing/plugin.ts).
 */
export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'tutors');

  // The meta object the client merges into a tutor's session (spec section 7).
  serve(app, API.tutors.meta, async (request) => tutorMeta(ctx, identityOf(request).userId));

  serve(app, API.tutors.adminView, async (request) => tutorForAdmin(ctx, request.params.id));

  serve(app, API.tutors.setAdminFields, async (request) => {
    const tutor = await patchTutorAdminFields(ctx, request.params.id, request.body);
    await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutor.id] });
    return tutor;
  });
};
