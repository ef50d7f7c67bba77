/**
 * The tutors endpoints (spec section 7, issue 6): the tutor's own meta object, the fields only an
 * admin sets, the public list and profile, and the cache flush; and the shapes they answer.
 * Writing a tutor's texts goes through PUT /user/{id} (users).
 */
import { z } from 'zod';
import { admins, anyone, rolesOnly } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import type { Topic, Tutor, TutorMissingData } from '../entities';
import { GENDERS, Role } from '../enums';
import { tutorAdminBodySchema, tutorInfoParamsSchema, tutorListQuerySchema } from './validation';

const id = z.number().int();
const asset = z.string().nullable();

/** What a tutor profile still lacks, in `tutorMissingData`'s order. */
const TUTOR_MISSING_DATA = [
  'image',
  'bio',
  'about',
  'video',
  'thumbnail',
  'verified-email',
  'verified-phone',
] as const satisfies readonly TutorMissingData[];

/** The spec's Tutor: the stored profile and what it still misses. */
export const tutorSchema = z.object({
  /** The tutor's user id. */
  id,
  bio: z.string().nullable(),
  about: z.string().nullable(),
  video: asset,
  thumbnail: asset,
  activated: z.boolean(),
  /** Minimum minutes between booking and the lesson's start. */
  noticePeriod: z.number().int(),
  bypassOnboarding: z.boolean(),
  missingData: z.array(z.enum(TUTOR_MISSING_DATA)),
}) satisfies z.ZodType<Tutor>;

/**
 * GET /user/tutor/meta (the signed-in tutor; other roles get `forbidden`): the spec's Tutor
 * without its id, which is the caller's. Fields without a home yet answer their default: no video
 * or thumbnail, not activated, the placeholder notice period, no onboarding bypass. `onboarded`
 * (ours, record 310) completes what `tutorVisibility` reads, so the tutor's pages can say whether
 * students see the profile, and why not, by the listing's own rule.
 */
export const tutorMetaSchema = tutorSchema.omit({ id: true }).extend({
  /** The tutor finished the onboarding steps. */
  onboarded: z.boolean(),
});
export type TutorMeta = z.infer<typeof tutorMetaSchema>;

/** A topic on a tutor's card (by Arabic name). */
const cardTopicSchema = z.object({
  id,
  nameAr: z.string(),
  nameEn: z.string(),
}) satisfies z.ZodType<Topic>;

export const ratingSummarySchema = z.object({
  /** Mean stars, one decimal; null without ratings. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A tutor in the tutors list. */
export const tutorCardSchema = z.object({
  id,
  name: z.string(),
  image: asset,
  gender: z.literal(GENDERS).nullable(),
  bio: z.string().nullable(),
  topics: z.array(cardTopicSchema),
  rating: ratingSummarySchema,
  /** Lessons the tutor gave (ended, not canceled). */
  lessonsGiven: z.number().int(),
  /** The first bookable 15-minute start this week (`nextFreeStart`), or null. */
  nextFreeAt: instantSchema.nullable(),
});
export type TutorCard = z.infer<typeof tutorCardSchema>;

export const tutorPageSchema = pageSchema(tutorCardSchema);
export type TutorPage = z.infer<typeof tutorPageSchema>;

/**
 * GET /user/tutor/info/{id}: the profile tab (about, specialities, intro video);
 * `tutor-not-found` for an unknown or unlisted tutor.
 */
export const tutorProfileViewSchema = tutorCardSchema.extend({
  about: z.string().nullable(),
  video: asset,
  thumbnail: asset,
  noticePeriod: z.number().int(),
});
export type TutorProfile = z.infer<typeof tutorProfileViewSchema>;

export const tutorEndpoints = {
  /** The meta object the client merges into a tutor's session (spec section 7). */
  meta: endpoint({
    method: 'GET',
    path: '/user/tutor/meta',
    summary: 'The signed-in tutor’s profile fields and what the profile still misses',
    access: rolesOnly(Role.Tutor),
    responses: { 200: tutorMetaSchema },
    errors: ['tutor-not-found'],
  }),
  /**
   * Our route (docs/decisions/328-admin-tutor-pages.md): any tutor's stored profile for the
   * admin's `/tutor/{id}`, listed or not (the public info answers listed tutors only).
   */
  adminView: endpoint({
    method: 'GET',
    path: '/user/tutor/:id',
    summary: 'A tutor’s stored profile, activation, notice period and bypass (admins)',
    access: admins,
    params: tutorInfoParamsSchema,
    responses: { 200: tutorSchema },
    errors: ['tutor-not-found'],
  }),
  /** Our route (docs/decisions/149-tutor-fields.md): only what is sent changes. */
  setAdminFields: endpoint({
    method: 'PATCH',
    path: '/user/tutor/:id',
    summary: 'Sets a tutor’s activation, notice period and onboarding bypass',
    access: admins,
    params: tutorInfoParamsSchema,
    body: tutorAdminBodySchema,
    responses: { 200: tutorSchema },
    errors: ['tutor-not-found'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/tutor/list/onboarded',
    summary: 'Listed tutors, filtered, sorted and paged (cached per query string)',
    access: anyone,
    query: tutorListQuerySchema,
    responses: { 200: tutorPageSchema },
  }),
  info: endpoint({
    method: 'GET',
    path: '/user/tutor/info/:id',
    summary: 'A listed tutor’s public profile',
    access: anyone,
    params: tutorInfoParamsSchema,
    responses: { 200: tutorProfileViewSchema },
    errors: ['tutor-not-found'],
  }),
  flushCache: endpoint({
    method: 'DELETE',
    path: '/cache/flush',
    summary: 'Forgets every cached tutors page and tells open tabs to read the list again',
    access: admins,
    responses: { 204: noContent },
  }),
};
