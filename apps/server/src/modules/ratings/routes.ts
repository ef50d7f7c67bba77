import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { tutorReviews } from './service';

/**
 * Ratings. For now the public read of a tutor's reviews (the profile's reviews tab); students
 * rate their tutors from the session room.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.ratings.ofTutor, async (request) =>
    tutorReviews(app.database.db, request.params.id, request.query),
  );
};
