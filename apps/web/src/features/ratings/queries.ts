/**
 * TanStack Query hooks of the student's own ratings: the rating of one tutor (the prompt after a
 * fulfilled lesson shows it, or asks for one), and sending, editing and deleting it. A change
 * makes the tutor's card, profile and reviews stale at once here; other tabs learn it from
 * TutorUpdated (`useTutorEvents`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import type { RatingEditBody, RatingView } from '@talaqa/domain';
import { ratingsApi } from '../../api';
import { tutorKeys } from '../tutors/queries';

export const ratingKeys = {
  all: ['rating'] as const,
  mine: (raterId: number, tutorId: number) => ['rating', 'mine', raterId, tutorId] as const,
};

/** GET /rating/list/rater/{me}?rateeId=: the caller's rating of the tutor, null for none. */
export function useMyRatingOf(raterId: number, tutorId: number, enabled = true) {
  return useQuery({
    queryKey: ratingKeys.mine(raterId, tutorId),
    queryFn: async ({ signal }): Promise<RatingView | null> =>
      (await ratingsApi.mineOf(raterId, tutorId, signal)).list[0] ?? null,
    enabled,
  });
}

/** After any change of the caller's rating of `tutorId`: it, and what shows the tutor. */
function useRatingChanged() {
  const queryClient = useQueryClient();
  return (raterId: number, tutorId: number, rating: RatingView | null | undefined) => {
    if (rating === undefined) {
      void queryClient.invalidateQueries({ queryKey: ratingKeys.mine(raterId, tutorId) });
    } else {
      queryClient.setQueryData(ratingKeys.mine(raterId, tutorId), rating);
    }
    void queryClient.invalidateQueries({ queryKey: tutorKeys.lists });
    void queryClient.invalidateQueries({ queryKey: tutorKeys.one(tutorId) });
    void queryClient.invalidateQueries({ queryKey: tutorKeys.reviewsOf(tutorId) });
  };
}

export interface SaveRating {
  raterId: number;
  tutorId: number;
  /** Null: a new rating. */
  ratingId: number | null;
  body: RatingEditBody;
}

/** POST /rating/ or PUT /rating/{id}. A `rating-exists` reads the rating that exists. */
export function useSaveRating() {
  const changed = useRatingChanged();
  return useMutation({
    mutationFn: ({ tutorId, ratingId, body }: SaveRating) =>
      ratingId === null
        ? ratingsApi.create({ ...body, rateeId: tutorId })
        : ratingsApi.edit(ratingId, body),
    onSuccess: (rating, { raterId, tutorId }) => changed(raterId, tutorId, rating),
    onError: (error, { raterId, tutorId }) => {
      if (
        isApiError(error) &&
        (error.code === 'rating-exists' || error.code === 'rating-not-found')
      ) {
        changed(raterId, tutorId, undefined);
      }
    },
  });
}

/** DELETE /rating/{id} */
export function useDeleteRating() {
  const changed = useRatingChanged();
  return useMutation({
    mutationFn: ({ ratingId }: { raterId: number; tutorId: number; ratingId: number }) =>
      ratingsApi.remove(ratingId),
    onSuccess: (_answer, { raterId, tutorId }) => changed(raterId, tutorId, null),
    onError: (error, { raterId, tutorId }) => {
      if (isApiError(error) && error.code === 'rating-not-found') changed(raterId, tutorId, null);
    },
  });
}
