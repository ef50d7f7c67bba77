/**
 * The ratings endpoints (spec section 7, issue 19 item 7). A student rates a tutor once, after a
 * fulfilled lesson with that tutor (a second rating is `rating-exists`: the student edits the
 * first); the rater edits or deletes it; the tutor's average and count follow in the same
 * transaction (the ratings trigger on tutor_profiles). Who reads what
 * (docs/decisions/280-ratings-write-side.md):
 * - a rating with its rater's id and full name (`ratingViewSchema`): its rater, its ratee and
 *   admins (GET /rating/{id}, the rater's list, the ratee's list);
 * - everyone: the public reviews tab (`/rating/list/tutor/{id}`), first names only (./reviews).
 */
import { z } from 'zod';
import { anyone, rolesOnly, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { bodyId, queryId } from '../contract/query-fields';
import type { Page, Rating } from '../entities';
import { RATING_STARS, Role } from '../enums';
import {
  idParamsSchema,
  pageQuerySchema,
  ratingTextSchema,
  ratingValueSchema,
} from '../validation';
import { optionalText } from '../validation/blocks';
import { tutorReviewPageSchema } from './reviews';

const id = z.number().int();

/** A rating as its rater, its ratee and admins see it: `name` is the rater's full name. */
export const ratingViewSchema = z.object({
  id,
  value: z.literal(RATING_STARS),
  text: z.string().nullable(),
  raterId: id,
  rateeId: id,
  name: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<Rating>;
export type RatingView = z.output<typeof ratingViewSchema>;

export const ratingPageSchema = pageSchema(ratingViewSchema) satisfies z.ZodType<Page<Rating>>;
export type RatingPage = z.output<typeof ratingPageSchema>;

/** The stars (1-5, `rating-value-too-low` / `-too-high`) as the enumeration's type. */
const starsSchema = ratingValueSchema.pipe(z.literal(RATING_STARS));

/**
 * PUT /rating/{id}: the stars and the optional text (5-500 characters once trimmed of nothing;
 * empty or blank means no text). A replace: a text left out is removed.
 */
export const ratingEditBodySchema = z.object({
  value: starsSchema,
  text: optionalText(ratingTextSchema),
});
export type RatingEditBody = z.input<typeof ratingEditBodySchema>;

/** POST /rating/: the tutor rated (`rateeId`), the stars and the optional text. */
export const ratingCreateBodySchema = ratingEditBodySchema.extend({ rateeId: bodyId() });
export type RatingCreateBody = z.input<typeof ratingCreateBodySchema>;

/** The rater's and the ratee's lists: a page, and (rater's list) one tutor only with `rateeId`. */
export const raterRatingsQuerySchema = pageQuerySchema.extend({ rateeId: queryId() });
export type RaterRatingsQuery = z.input<typeof raterRatingsQuerySchema>;
export const rateeRatingsQuerySchema = pageQuerySchema;
export type RateeRatingsQuery = z.input<typeof rateeRatingsQuerySchema>;

/**
 * GET /rating/list/tutor/{id} (public): the tutor's reviews (the profile's reviews tab), newest
 * first, 10 a page by default, each with the student's first name only (`TutorReview`);
 * `tutor-not-found` for an unknown or unlisted tutor. Answers a TutorReviewPage.
 */
export const tutorReviewsParamsSchema = idParamsSchema;
export const tutorReviewsQuerySchema = pageQuerySchema;
export type TutorReviewsQuery = z.input<typeof tutorReviewsQuerySchema>;

export const ratingEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/rating/',
    summary: 'A student rates a tutor of a fulfilled lesson, once',
    description:
      'Only a student with a fulfilled lesson with the tutor may rate; a second rating of the same tutor is rating-exists (edit the first).',
    access: rolesOnly(Role.Student),
    body: ratingCreateBodySchema,
    responses: { 201: ratingViewSchema },
    errors: ['tutor-not-found', 'illegal', 'rating-exists'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/rating/:id',
    summary: 'One rating, for its rater, its tutor or an admin',
    access: signedIn,
    params: idParamsSchema,
    responses: { 200: ratingViewSchema },
    errors: ['rating-not-found', 'forbidden'],
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/rating/:id',
    summary: 'The rater changes the stars and the text',
    access: signedIn,
    params: idParamsSchema,
    body: ratingEditBodySchema,
    responses: { 200: ratingViewSchema },
    errors: ['rating-not-found', 'forbidden'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/rating/:id',
    summary: 'The rater (or an admin) deletes a rating',
    access: signedIn,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['rating-not-found', 'forbidden'],
  }),
  ofRater: endpoint({
    method: 'GET',
    path: '/rating/list/rater/:id',
    summary: 'The ratings a student gave, newest first (the student or an admin)',
    access: signedIn,
    params: idParamsSchema,
    query: raterRatingsQuerySchema,
    responses: { 200: ratingPageSchema },
    errors: ['forbidden'],
  }),
  ofRatee: endpoint({
    method: 'GET',
    path: '/rating/list/ratee/:id',
    summary: 'The ratings a tutor received, newest first (the tutor or an admin)',
    access: signedIn,
    params: idParamsSchema,
    query: rateeRatingsQuerySchema,
    responses: { 200: ratingPageSchema },
    errors: ['forbidden'],
  }),
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
