/**
 * The tutors, weekly schedules and lessons API of spec section 7 (issue 6): request bodies and
 * queries as zod schemas whose failures carry catalogue codes (the form shows the Arabic sentence,
 * the server answers `{code}`), the shapes the server answers, and the realtime payloads of
 * LessonBooked, LessonRebooked, LessonCanceled, TutorUpdated and TutorsCacheUpdated. Paths are
 * relative to /api/v1. The business rules themselves live in `../booking`.
 *
 * The weekly schedule is a template, not dated slots: a tutor edits one week on a calendar
 * (Saturday first, Africa/Cairo) and it repeats every week, which is what "the weekly schedule"
 * means to a tutor and all booking needs (lessons are booked only inside the current week). Each
 * slot is a Cairo wall-clock start (weekday and `HH:MM` on the 15-minute grid) and a length of 15
 * or 30 minutes. `POST /availability-slot/` replaces the whole template (the calendar's "save");
 * `GET /availability-slot/` shows it on the calendar of a given week as instants
 * (`availabilityForWeek`, DST-correct) together with the tutor's busy times, which is everything
 * the book-lesson dialog needs to offer only truly free times (`freeStartTimes`).
 */
import { z } from 'zod';
import type { TutorTimeContext, WeeklySlot } from '../booking';
import { slotFitsWeek, SLOT_GRID_MINUTES, SLOT_START_PATTERN, WEEKLY_SLOTS_MAX } from '../booking';
import type { AssetName, IsoDateTime, Lesson, Page, Topic } from '../entities';
import type { TutorReview } from './profiles';
import { GENDERS, SESSION_SLOT_LENGTHS, WEEKDAYS } from '../enums';
import type { Gender, SessionSlotLength } from '../enums';
import type { ValidationCode } from '../errors';
import type { ServerEvent } from '../realtime';
import { LESSON_RATIFICATIONS, LESSON_TIMINGS } from '../statuses';
import { charCount, collapseSpaces, hasControlCharacters } from '../text';
import { cairoWeekBounds, fromCairoLocal } from '../time';
import type { TimeRange } from '../time';
import { valuesOf } from '../values';
import { idSchema, idTextSchema, pageQuerySchema, textSchema } from '../validation';
import { numericIdParamsSchema } from './payments';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Bounds of the query fields below (our choices; see docs/decisions/). */
export const TUTOR_SEARCH_MAX_LENGTH = 100;
export const RATING_FILTER_MIN = 1;
export const RATING_FILTER_MAX = 5;
export const LESSON_STATS_WEEKS_DEFAULT = 12;
export const LESSON_STATS_WEEKS_MAX = 52;
/** Weeks a schedule may be asked for: any date in these years. */
export const SCHEDULE_YEAR_MIN = 2020;
export const SCHEDULE_YEAR_MAX = 2100;

/** Missing is `required`; present but of the wrong kind `invalid-type`. */
const requiredOr =
  (code: ValidationCode = 'invalid-type') =>
  (issue: { input?: unknown }): ValidationCode =>
    issue.input == null ? 'required' : code;

/** An id in a JSON body: the shared rule (1 to ID_MAX). */
const bodyId = () => idSchema;

/** A query field left empty by a form (`?topic=`) counts as absent. */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An optional id in a query string: the shared rule (digits, 1 to ID_MAX). */
const queryId = () => optionalQuery(idTextSchema);

/** `true`/`false` in a query string (a real boolean is accepted too); absent stays undefined. */
const queryFlag = () =>
  optionalQuery(
    z
      .preprocess(
        (value) => (typeof value === 'boolean' ? String(value) : value),
        z.enum(['true', 'false'], { error: 'invalid-type' }),
      )
      .transform((value) => value === 'true'),
  );

/** One of a list of words in a query string. */
const queryWord = <T extends string>(values: readonly T[]) =>
  optionalQuery(z.enum(values as [T, ...T[]], { error: 'invalid-type' }));

/** An instant as sent in JSON. */
export interface IsoRange {
  start: IsoDateTime;
  end: IsoDateTime;
}

export const isoRangeOf = (range: TimeRange): IsoRange => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

export const timeRangeOf = (range: IsoRange): TimeRange => ({
  start: new Date(range.start),
  end: new Date(range.end),
});

// ---------------------------------------------------------------------------------------------
// Lessons: shapes of requests

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
export const lessonIdParamsSchema = numericIdParamsSchema;

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

// ---------------------------------------------------------------------------------------------
// Lessons: answers

/** The other side of a lesson as the lists show it. */
export interface PersonSummary {
  id: number;
  name: string;
  image: AssetName | null;
}

/** A lesson as screens show it. `status` is `lessonStatusAt` when the server answered. */
export interface LessonView extends Lesson {
  /** `start` + `duration`. */
  end: IsoDateTime;
  tutor: PersonSummary;
  student: PersonSummary;
  bookedAt: IsoDateTime;
  canceledAt: IsoDateTime | null;
  /** Until when the student may cancel with the minutes back, or reschedule (`freeCancelUntil`). */
  freeCancelUntil: IsoDateTime;
}
export type LessonPage = Page<LessonView>;

/** DELETE /lesson/{id} (its student or tutor, or an admin): the canceled lesson. */
export interface LessonCanceledAnswer {
  lesson: LessonView;
  /** Minutes given back to the student's subscription (`minutesReturnedOnCancel`). */
  minutesReturned: number;
}

export interface LessonTally {
  lessons: number;
  minutes: number;
}

/** One Cairo week (Saturday first) of the stats chart. */
export interface LessonStatsWeek extends LessonTally {
  weekStart: IsoDateTime;
}

/**
 * GET /lesson/attended/stats: a student's or tutor's lessons. Attended lessons are those that
 * ended without being canceled; `weeks` holds one entry per Cairo week asked for, oldest first,
 * the current week last, for the dashboard's chart.
 */
export interface LessonStats {
  attended: LessonTally;
  canceled: LessonTally;
  upcoming: LessonTally;
  weeks: LessonStatsWeek[];
}

// ---------------------------------------------------------------------------------------------
// The weekly schedule (availability slots)

/** `HH:MM` on a Cairo wall clock, 15-minute grid. */
export const slotStartSchema = textSchema(requiredOr()).regex(SLOT_START_PATTERN, {
  error: 'invalid-type',
});

/**
 * One slot of the weekly template: weekday (the spec's Sunday 0 to Saturday 6), start and 15 or 30
 * minutes, ending by Friday 24:00 (a slot never runs into the next week).
 */
export const weeklySlotSchema = z
  .object({
    weekday: z.literal(WEEKDAYS, { error: requiredOr() }),
    start: slotStartSchema,
    length: z.literal(SESSION_SLOT_LENGTHS, { error: requiredOr() }),
  })
  // Only once the fields are valid: `slotFitsWeek` throws on a bad weekday or start.
  .refine((slot) => slotFitsWeek(slot), {
    error: 'invalid-type',
    path: ['length'],
    when: (payload) => payload.issues.length === 0,
  });

/**
 * POST /availability-slot/ (tutors): the whole weekly schedule, replacing the previous one (an
 * empty list clears it). Answers the AvailabilityWeek of the current week. `conflicting-schedule`
 * (409) when two slots overlap or when the change would leave a booked upcoming lesson outside
 * the schedule (`checkScheduleChange`); the database's exclusion constraint stays the guard.
 */
export const availabilityBodySchema = z.object({
  slots: z
    .array(weeklySlotSchema, { error: requiredOr() })
    .max(WEEKLY_SLOTS_MAX, { error: 'invalid-type' }),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

/**
 * A calendar date `YYYY-MM-DD` (Cairo) in a query, read as the start of the Cairo week holding it
 * (its Saturday 00:00).
 */
export const weekQuerySchema = z.iso
  .date({ error: 'invalid-type' })
  .refine(
    (date) => {
      const year = Number(date.slice(0, 4));
      return year >= SCHEDULE_YEAR_MIN && year <= SCHEDULE_YEAR_MAX;
    },
    { error: 'invalid-type' },
  )
  .transform((date) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return cairoWeekBounds(fromCairoLocal({ year, month, day, hour: 12 })).start;
  });

/**
 * GET /availability-slot/: a tutor's schedule on the calendar of one week. `tutorId` defaults to
 * the caller (a tutor); anyone signed in may read a listed tutor's. `week` is any date of the
 * wanted week, default the current one.
 */
export const availabilityQuerySchema = z.object({
  tutorId: queryId(),
  week: optionalQuery(weekQuerySchema),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** A busy time of the tutor; `lessonId` only on the caller's own lessons (to move one). */
export interface BusyRange extends IsoRange {
  lessonId?: number;
}

/** What GET and POST /availability-slot/ answer. */
export interface AvailabilityWeek {
  tutorId: number;
  /** Saturday 00:00 Cairo of the week shown, and the next Saturday 00:00. */
  weekStart: IsoDateTime;
  weekEnd: IsoDateTime;
  /** The weekly template as saved, in week order (Saturday first, then by start). */
  template: WeeklySlot[];
  /** The template on this week's calendar as instants (`availabilityForWeek`), sorted. */
  slots: IsoRange[];
  /** The tutor's lessons, interviews and demo sessions in this week (not canceled), sorted. */
  busy: BusyRange[];
  noticePeriod: number;
  /** The tutor is listed, so students may book. */
  bookable: boolean;
  /** The server's clock when it answered. */
  now: IsoDateTime;
}

/** The tutor's side of a booking from an AvailabilityWeek, judged at `now`. */
export function tutorTimeOfWeek(week: AvailabilityWeek, now: Date): TutorTimeContext {
  return {
    now,
    tutor: { listed: week.bookable, noticePeriod: week.noticePeriod },
    availability: week.slots.map(timeRangeOf),
    busy: week.busy.map((busy) =>
      busy.lessonId === undefined
        ? timeRangeOf(busy)
        : { ...timeRangeOf(busy), lessonId: busy.lessonId },
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Tutors

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

/** GET /user/tutor/info/{id} */
export const tutorInfoParamsSchema = numericIdParamsSchema;

export interface RatingSummary {
  /** Mean stars, one decimal; null without ratings. */
  average: number | null;
  count: number;
}

/** A tutor in the tutors list. */
export interface TutorCard {
  id: number;
  name: string;
  image: AssetName | null;
  gender: Gender | null;
  bio: string | null;
  topics: Topic[];
  rating: RatingSummary;
  /** The first bookable 15-minute start this week (`nextFreeStart`), or null. */
  nextFreeAt: IsoDateTime | null;
}
export type TutorPage = Page<TutorCard>;

/**
 * GET /user/tutor/info/{id}: the profile tab (about, specialities, intro video);
 * `tutor-not-found` for an unknown or unlisted tutor.
 */
export interface TutorProfile extends TutorCard {
  about: string | null;
  video: AssetName | null;
  thumbnail: AssetName | null;
  noticePeriod: number;
  /** Lessons the tutor gave (attended). */
  lessonsGiven: number;
}

/**
 * GET /rating/list/tutor/{id} (public): the tutor's reviews (the profile's reviews tab), newest
 * first, 10 a page by default, each with the student's first name only (`TutorReview`);
 * `tutor-not-found` for an unknown or unlisted tutor. Answers a TutorReviewPage.
 */
export const tutorReviewsParamsSchema = numericIdParamsSchema;
export const tutorReviewsQuerySchema = pageQuerySchema;
export type TutorReviewsQuery = z.input<typeof tutorReviewsQuerySchema>;
export type TutorReviewPage = Page<TutorReview>;

// ---------------------------------------------------------------------------------------------
// Realtime payloads (sent after the transaction commits)

/** LessonBooked, to the student's and the tutor's rooms. */
export interface LessonBookedEvent {
  lesson: LessonView;
}

/** LessonRebooked, to both sides: the lesson at its new time and where it was. */
export interface LessonRebookedEvent {
  lesson: LessonView;
  previous: { start: IsoDateTime; duration: SessionSlotLength };
}

/** LessonCanceled, to both sides. */
export interface LessonCanceledEvent {
  lesson: LessonView;
  minutesReturned: number;
}

/** TutorUpdated, on the TutorsCache channel: the tutor's new card, null once no longer listed. */
export interface TutorUpdatedEvent {
  tutorId: number;
  card: TutorCard | null;
}

/** TutorsCacheUpdated, on the TutorsCache channel: refetch these tutors, or all (null, a flush). */
export interface TutorsCacheUpdatedEvent {
  at: IsoDateTime;
  tutorIds: number[] | null;
}

/** The payload of each server event of this feature, by the event's name on the wire. */
export interface LessonRealtimePayloads {
  LessonBooked: LessonBookedEvent;
  LessonRebooked: LessonRebookedEvent;
  LessonCanceled: LessonCanceledEvent;
  TutorUpdated: TutorUpdatedEvent;
  TutorsCacheUpdated: TutorsCacheUpdatedEvent;
}

/**
 * The names of these events; each must be a server event of the realtime catalogue (this fails to
 * compile otherwise).
 */
export type LessonRealtimeEvent = MustBeServerEvents<keyof LessonRealtimePayloads>;
type MustBeServerEvents<T extends ServerEvent> = T;
