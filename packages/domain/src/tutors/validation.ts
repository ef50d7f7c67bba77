/**
 * The tutors' requests (spec section 7, issue 6): the public list's filters, a tutor's id, and the
 * fields only an admin sets. The texts a tutor writes are in ../api/tutors (PUT /user/{id}).
 */
import { z } from 'zod';
import { optionalQuery, queryFlag, queryId, queryWord } from '../contract/query-fields';
import { GENDERS } from '../enums';
import { charCount, collapseSpaces, hasControlCharacters } from '../text';
import { valuesOf } from '../values';
import { idParamsSchema, noticePeriodSchema, pageQuerySchema, textSchema } from '../validation';

/** Bounds of the query fields below (our choices; see docs/decisions/). */
export const TUTOR_SEARCH_MAX_LENGTH = 100;
export const RATING_FILTER_MIN = 1;
export const RATING_FILTER_MAX = 5;

export const TutorListSort = {
  /** Soonest bookable start this week first; tutors with none last. */
  NextFreeTime: 'next-free-time',
  /** Highest average rating first. */
  Rating: 'rating',
  Newest: 'newest',
} as const;
export type TutorListSort = (typeof TutorListSort)[keyof typeof TutorListSort];
export const TUTOR_LIST_SORTS = valuesOf(TutorListSort);

/**
 * The tutors list's search box: plain text matched as a substring of names and bios (never a
 * pattern or regular expression; the server escapes LIKE wildcards), spaces collapsed, at most
 * 100 characters, no control characters. Empty means no search.
 */
export const tutorSearchSchema = textSchema(() => 'invalid-type')
  .transform(collapseSpaces)
  .refine((text) => !hasControlCharacters(text), { error: 'invalid-type' })
  .refine((text) => charCount(text) <= TUTOR_SEARCH_MAX_LENGTH, { error: 'invalid-type' })
  .transform((text) => (text === '' ? undefined : text))
  .optional();

/**
 * GET /user/tutor/list/onboarded (public): listed tutors only (`isTutorListed`), filtered by
 * search, topic, gender, free time left this week and minimum average rating, 10 a page by
 * default. Answers a TutorPage.
 */
export const tutorListQuerySchema = pageQuerySchema.extend({
  search: tutorSearchSchema,
  topic: queryId(),
  gender: queryWord(GENDERS),
  freeThisWeek: queryFlag(),
  minRating: optionalQuery(
    z.coerce
      .number({ error: 'invalid-type' })
      .min(RATING_FILTER_MIN, { error: 'invalid-type' })
      .max(RATING_FILTER_MAX, { error: 'invalid-type' }),
  ),
  sort: queryWord(TUTOR_LIST_SORTS).transform((sort) => sort ?? TutorListSort.NextFreeTime),
});
export type TutorListQuery = z.input<typeof tutorListQuerySchema>;
export type TutorListFilters = z.output<typeof tutorListQuerySchema>;

/** `{id}` of GET /user/tutor/info/{id} and PATCH /user/tutor/{id}. */
export const tutorInfoParamsSchema = idParamsSchema;

/**
 * PATCH /user/tutor/{id} (admins; our route, docs/decisions/149-tutor-fields.md): the fields
 * only an admin sets. Only what is sent changes; an empty body changes nothing.
 */
export const tutorAdminBodySchema = z.strictObject({
  activated: z.boolean({ error: 'invalid-type' }).optional(),
  noticePeriod: noticePeriodSchema.optional(),
  bypassOnboarding: z.boolean({ error: 'invalid-type' }).optional(),
});
export type TutorAdminBody = z.input<typeof tutorAdminBodySchema>;
