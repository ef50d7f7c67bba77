import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import {
  createRating,
  editRating,
  getRating,
  ratingsGivenBy,
  ratingsReceivedBy,
  removeRating,
  tutorReviews,
} from './service';
import type { RatingChange } from './service';

/**
 * Ratings (contract `API.ratings`). A rating created, edited or deleted changes the tutor's
 * average and count: after the commit the listing hears of it (`TutorListingChanged`), forgets
 * its cached pages and sends TutorUpdated with the new card, on which open profiles read their
 * reviews tab again.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'ratings');
  const announced = async <T>({ answer, tutorId }: RatingChange<T>): Promise<T> => {
    await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] });
    return answer;
  };

  serve(app, API.ratings.create, async (request) =>
    announced(await createRating(ctx, identityOf(request), request.body)),
  );

  serve(app, API.ratings.ofRater, async (request) =>
    ratingsGivenBy(ctx, identityOf(request), request.params.id, request.query),
  );

  serve(app, API.ratings.ofRatee, async (request) =>
    ratingsReceivedBy(ctx, identityOf(request), request.params.id, request.query),
  );

  serve(app, API.ratings.ofTutor, async (request) =>
    tutorReviews(ctx, request.params.id, request.query),
  );

  serve(app, API.ratings.get, async (request) =>
    getRating(ctx, identityOf(request), request.params.id),
  );

  serve(app, API.ratings.edit, async (request) =>
    announced(await editRating(ctx, identityOf(request), request.params.id, request.body)),
  );

  serve(app, API.ratings.remove, async (request) => {
    await announced(await removeRating(ctx, identityOf(request), request.params.id));
  });
};
