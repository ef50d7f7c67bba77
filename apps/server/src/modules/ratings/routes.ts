import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tutorReviewPageSchema,
  tutorReviewsParamsSchema,
  tutorReviewsQuerySchema,
} from '@talaqa/domain';
import type { TutorReviewPage } from '@talaqa/domain';
import { anyone } from '../../http/access';
import { tutorReviews } from './service';

/**
 * Ratings. For now the public read of a tutor's reviews (the profile's reviews tab); students
 * rate their tutors from the session room.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rating/list/tutor/:id',
    {
      config: { access: anyone },
      schema: {
        params: tutorReviewsParamsSchema,
        querystring: tutorReviewsQuerySchema,
        response: { 200: tutorReviewPageSchema },
      },
    },
    async (request): Promise<TutorReviewPage> =>
      tutorReviews(app.database.db, request.params.id, request.query),
  );
};
