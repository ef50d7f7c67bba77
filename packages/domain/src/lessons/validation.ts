/**
 * Lessons' requests (spec section 7, issue 6): booking, moving, the lists and the stats, as zod
 * schemas whose failures carry catalogue codes (the form shows the Arabic sentence, the server
 * answers `{code}`). The business rules themselves live in `../booking`.
 */
import { z } from 'zod';
import { SLOT_GRID_MINUTES } from '../booking';
import { bodyId, optionalQuery, queryId, queryWord, requiredOr } from '../contract/query-fields';
import { SESSION_SLOT_LENGTHS } from '../enums';
import {
  LESSON_RATIFICATIONS,
  LESSON_STATUSES,
  LESSON_TIMINGS,
  LessonCanceledBy,
} from '../statuses';
import { idParamsSchema, pageQuerySchema } from '../validation';
import { boundedText } from '../validation/blocks';

/** Bounds of the query fields below (our choices; see docs/decisions/). */
export const LESSON_STATS_WEEKS_DEFAULT = 12;
export const LESSON_STATS_WEEKS_MAX = 52;

/** A lesson's length: 15 or 30 minutes, the spec's session slot lengths. */
export const lessonDurationSchema = z.literal(SESSION_SLOT_LENGTHS, { error: requiredOr() });

/**
 * A lesson's start: an ISO instant with its offset (`Z` or `+02:00`; a bare local time is
 * ambiguous and refused) on the 15-minute grid (`:00`, `:15`, `:30`, `:45`, no seconds).
 */
export const lessonStartSchema = z.iso
  .datetime({ offset: true, error: requiredOr() })
  .transform((value) => new Date(value))
  .refine((start) => start.getTime() % (SLOT_GRID_MINUTES * 60_000) === 0, {
    error: 'invalid-type',
  });

/**
 * POST /lesson/ (students): answers the LessonView (201). Refusals, in `BOOKING_RULES` order:
 * tutor-not-found, unverified-email, subscription-required, no-enough-minutes,
 * week-boundaries-violation, lesson-time-passed (also inside the tutor's notice period),
 * reached-booking-limit, busy-tutor, conflicting-lessons.
 */
export const bookLessonBodySchema = z.object({
  tutorId: bodyId(),
  start: lessonStartSchema,
  duration: lessonDurationSchema,
});
export type BookLessonBody = z.input<typeof bookLessonBodySchema>;

/**
 * PATCH /lesson (the lesson's student): moves a lesson, same tutor, new start and duration, under
 * `checkReschedule`: open while cancelling would still return the minutes (`lesson-time-passed`
 * after that), then the booking rules with the lesson's own time and minutes set free. Answers
 * the LessonView; `lesson-not-found` for a canceled lesson or someone else's.
 */
export const rescheduleLessonBodySchema = z.object({
  id: bodyId(),
  start: lessonStartSchema,
  duration: lessonDurationSchema,
});
export type RescheduleLessonBody = z.input<typeof rescheduleLessonBodySchema>;

/** `{id}` of GET /lesson/{id} and DELETE /lesson/{id}. */
export const lessonIdParamsSchema = idParamsSchema;

/** A Cairo calendar day in a query string (`YYYY-MM-DD`, a real day, as a date input sends it). */
const queryCairoDate = () => optionalQuery(z.iso.date({ error: 'invalid-date' }));

/**
 * GET /lesson/list: the caller's lessons (a student's or a tutor's; admins everyone's).
 * `state`: ratified (not canceled) or canceled; `when`: future (not started), now (started, not
 * over) or past (over), from `lessonTiming`; `status`: the stored LessonStatus word.
 * `from`/`to`: Cairo days (`YYYY-MM-DD`), both included, on the lesson's start; `to` before
 * `from` is `invalid-date-range` (`lessonDayRangeProblem`, decision 346). `tutorId`/`studentId`
 * narrow to the other side (any lessons for admins). Without `order`, future and now lists run
 * soonest first, the others newest first.
 */
export const lessonListQuerySchema = pageQuerySchema.extend({
  state: queryWord(LESSON_RATIFICATIONS),
  when: queryWord(LESSON_TIMINGS),
  status: queryWord(LESSON_STATUSES),
  from: queryCairoDate(),
  to: queryCairoDate(),
  tutorId: queryId(),
  studentId: queryId(),
  order: queryWord(['asc', 'desc'] as const),
});

/**
 * The day range's one rule, for the list's filter bar and the server alike: `to` may not come
 * before `from` (`invalid-date-range`, reported on `to`). Kept out of the schema so the query's
 * fields stay independent (a refinement across fields is opaque to the generated requests).
 */
export function lessonDayRangeProblem(range: {
  from?: string | undefined;
  to?: string | undefined;
}): 'invalid-date-range' | undefined {
  // Same-length YYYY-MM-DD strings order as the days do.
  return range.from !== undefined && range.to !== undefined && range.to < range.from
    ? 'invalid-date-range'
    : undefined;
}
export type LessonListQuery = z.input<typeof lessonListQuerySchema>;
export type LessonListFilters = z.output<typeof lessonListQuerySchema>;

/** GET /lesson/attended/stats: the caller's (an admin may name `userId`), `weeks` back from now. */
export const lessonStatsQuerySchema = z.object({
  weeks: optionalQuery(
    z.coerce
      .number({ error: 'invalid-type' })
      .int({ error: 'invalid-type' })
      .min(1, { error: 'invalid-type' })
      .max(LESSON_STATS_WEEKS_MAX, { error: 'invalid-type' }),
  ).transform((weeks) => weeks ?? LESSON_STATS_WEEKS_DEFAULT),
  userId: queryId(),
});
export type LessonStatsQuery = z.input<typeof lessonStatsQuerySchema>;

/** The reason an admin gives for cancelling a lesson for a member (decision 344). */
export const LESSON_CANCEL_REASON_BOUNDS = { min: 5, max: 500 } as const;

export const lessonCancelReasonSchema = boundedText({
  ...LESSON_CANCEL_REASON_BOUNDS,
  empty: 'required',
  tooShort: 'lesson-cancel-reason-too-short',
  tooLong: 'lesson-cancel-reason-too-long',
});

/** On whose behalf an admin cancels: the lesson's tutor or its student. */
export const LESSON_CANCEL_BEHALVES = [LessonCanceledBy.Tutor, LessonCanceledBy.Student] as const;
export type LessonCancelBehalf = (typeof LESSON_CANCEL_BEHALVES)[number];

/**
 * An admin's cancel (decision 344): on whose behalf and why, both required. The admin's dialog
 * and the server check it with this one schema.
 */
export const adminCancelLessonSchema = z.object({
  onBehalfOf: z.enum(LESSON_CANCEL_BEHALVES, { error: requiredOr() }),
  reason: lessonCancelReasonSchema,
});
export type AdminCancelLesson = z.input<typeof adminCancelLessonSchema>;

/**
 * DELETE /lesson/{id}: a member sends no body; an admin sends `adminCancelLessonSchema` (a member
 * sending these fields is `forbidden`, an admin leaving them out is refused by that schema).
 */
export const cancelLessonBodySchema = z
  .object({
    onBehalfOf: z.enum(LESSON_CANCEL_BEHALVES, { error: 'invalid-type' }).optional(),
    reason: z.string({ error: 'invalid-type' }).optional(),
  })
  .nullish();
export type CancelLessonBody = z.input<typeof cancelLessonBodySchema>;
