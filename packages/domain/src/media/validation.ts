/** Request schemas of intro videos and photo sessions (the forms and the server share them). */
import { z } from 'zod';
import { optionalQuery, queryId } from '../contract/query-fields';
import { REVIEW_STATUSES, ReviewStatus } from '../statuses';
import { idParamsSchema, idTextSchema, pageQuerySchema, textSchema } from '../validation';
import { boundedText } from '../validation/blocks';
import { INTRO_VIDEO_DECISIONS } from './rules';

/** A rejection's reason, shown to the tutor: a sentence or a short paragraph. */
export const REVIEW_REASON_BOUNDS = { min: 5, max: 500 } as const;

export const reviewReasonSchema = boundedText({
  ...REVIEW_REASON_BOUNDS,
  empty: 'review-reason-too-short',
  tooShort: 'review-reason-too-short',
  tooLong: 'review-reason-too-long',
});

/** PUT /intro-video/{id}: approved, or rejected with a reason. */
export const reviewIntroVideoBodySchema = z
  .object({
    status: z.literal(INTRO_VIDEO_DECISIONS, {
      error: (issue) => (issue.input == null ? 'required' : 'invalid-type'),
    }),
    reason: reviewReasonSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.status === ReviewStatus.Rejected && body.reason === undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type ReviewIntroVideoBody = z.input<typeof reviewIntroVideoBodySchema>;

export const introVideoParamsSchema = idParamsSchema;

/**
 * GET /intro-video/list: a tutor sees their own; tutor managers and admins the review queue,
 * oldest first, filtered by status, tutor or a search of the tutor's name or e-mail.
 */
export const introVideoListQuerySchema = pageQuerySchema.extend({
  status: optionalQuery(
    z.coerce.number({ error: 'invalid-type' }).pipe(z.literal(REVIEW_STATUSES)),
  ),
  tutorId: queryId(),
  search: optionalQuery(textSchema().trim().max(100, 'invalid-type')),
});
export type IntroVideoListQuery = z.input<typeof introVideoListQuerySchema>;
export type IntroVideoListFilters = z.output<typeof introVideoListQuerySchema>;

/** The `duration` field of the upload form: the seconds the browser measured (a number). */
export const uploadedDurationSchema = z.coerce
  .number({ error: 'invalid-type' })
  .min(0, 'invalid-type')
  .max(24 * 60 * 60, 'invalid-type');

/** PUT /user/asset/tutor?tutorId= (studios and admins). */
export const tutorMediaQuerySchema = z.object({ tutorId: idTextSchema });

/** GET /user/tutor/{tutorId}/for/studio */
export const studioTutorParamsSchema = z.object({ tutorId: idParamsSchema.shape.id });

/** GET /user/tutor/all/for/studio: tutors a studio may serve (no photo session or its own). */
export const studioTutorsQuerySchema = pageQuerySchema.extend({
  search: optionalQuery(textSchema().trim().max(100, 'invalid-type')),
  /** Only tutors without any photo session yet. */
  waiting: optionalQuery(z.enum(['true', 'false']).transform((value) => value === 'true')),
});
export type StudioTutorsQuery = z.input<typeof studioTutorsQuerySchema>;

/** GET /user/studio/list: a studio's tutors (a studio: its own; admins: any studio's, or all). */
export const studioListQuerySchema = pageQuerySchema.extend({
  studioId: queryId(),
  search: optionalQuery(textSchema().trim().max(100, 'invalid-type')),
});
export type StudioListQuery = z.input<typeof studioListQuerySchema>;

/** GET /assets/media/{name}: a stored video or thumbnail; `expires` and `signature` from a link. */
export const mediaParamsSchema = z.object({ name: z.string().max(64) });
export const mediaQuerySchema = z.object({
  expires: optionalQuery(z.coerce.number().int().min(0)),
  signature: optionalQuery(z.string().regex(/^[A-Za-z0-9_-]{16,128}$/)),
});
