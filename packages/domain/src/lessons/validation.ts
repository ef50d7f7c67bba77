/**
 * Lessons' requests (spec section 7, issue 6): booking, moving, the lists and the stats, as zod
 * schemas whose failures carry catalogue codes (the form shows the Arabic sentence, the server
 * answers `{code}`). The business rules themselves live in `../booking`.
 */
import { z } from 'zod';
import { SLOT_GRID_MINUTES } from '../booking';
import { bodyId, optionalQuery, queryId, queryWord, requiredOr } from '../contract/query-fields';
import { SESSION_SLOT_LENGTHS } from '../enums';
import { LESSON_RATIFICATIONS, LESSON_TIMINGS } from '../statuses';
import { idParamsSchema, pageQuerySchema } from '../validation';

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

/**
 * GET /lesson/list: the caller's lessons (a student's or a tutor's; admins everyone's).
 * `state`: ratified (not canceled) or canceled; `when`: future (not started), now (started, not
 * over) or past (over), from `lessonTiming`. `tutorId`/`studentId` narrow to the other side (any
 * lessons for admins). Without `order`, future and now lists run soonest first, the others newest
 * first.
 */
export const lessonListQuerySchema = pageQuerySchema.extend({
  state: queryWord(LESSON_RATIFICATIONS),
  when: queryWord(LESSON_TIMINGS),
  tutorId: queryId(),
  studentId: queryId(),
  order: queryWord(['asc', 'desc'] as const),
});
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
