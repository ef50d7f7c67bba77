/**
 * The ratings endpoints. For now the public read of a tutor's reviews (the profile's reviews tab);
 * students will rate their tutors from the session room. Who sees what of a review is in
 * ../api/profiles (`tutorReviewSchema`: the reviewer's first name only, no reviewer id).
 */
import type { z } from 'zod';
import { anyone } from '../access';
import { endpoint } from '../contract/endpoint';
import { idParamsSchema, pageQuerySchema } from '../validation';
import { tutorReviewPageSchema } from '../api/profiles';

/**
 * GET /rating/list/tutor/{id} (public): the tutor's reviews (the profile's reviews tab), newest
 * first, 10 a page by default, each with the student's first name only (`TutorReview`);
 * `tutor-not-found` for an unknown or unlisted tutor. Answers a TutorReviewPage.
 */
export const tutorReviewsParamsSchema = idParamsSchema;
export const tutorReviewsQuerySchema = pageQuerySchema;
export type TutorReviewsQuery = z.input<typeof tutorReviewsQuerySchema>;
export type TutorReviewPage = z.infer<typeof tutorReviewPageSchema>;

export const ratingEndpoints = {
  ofTutor: endpoint({
    method: 'GET',
    path: '/rating/list/tutor/:id',
    summary: 'A listed tutor’s reviews, newest first, reviewers by first name',
    access: anyone,
    params: tutorReviewsParamsSchema,
    query: tutorReviewsQuerySchema,
    responses: { 200: tutorReviewPageSchema },
    errors: ['tutor-not-found'],
  }),
};
