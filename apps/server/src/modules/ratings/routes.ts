import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { tutorReviews } from './service';

/**
 * Ratings. For now the public read of a tutor's reviews (the profile's reviews tab); students
 * rate their tutors from the session room.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'ratings');

  serve(app, API.ratings.ofTutor, async (request) =>
    tutorReviews(ctx, request.params.id, request.query),
  );
};
