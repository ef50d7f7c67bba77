/**
 * Booking rules (spec sections 4, 5 and 9; issue 6): whether a student may book a lesson with a
 * tutor at a given time, which times the book-lesson dialog may offer, when a lesson may be moved,
 * how many minutes a cancellation gives back, and the tutor's weekly schedule on a given week's
 * calendar. Pure functions of their arguments, shared by the dialog and the server, so the dialog
 * never offers a time the server would refuse. The database still has the last word on overlaps
 * (exclusion constraints); these functions decide everything else.
 *
 * Decisions (our reading where the spec is silent; docs/decisions/ records them):
 * - Lesson durations are exactly the spec's session slot lengths, 15 or 30 minutes
 *   (`Lesson.duration` is a `SessionSlotLength`), not multiples of them.
 * - Times sit on a 15-minute grid (the short slot): lessons and schedule slots start at :00, :15,
 *   :30 or :45 on a Cairo wall clock. Cairo's offset is a whole number of hours, so that is also
 *   a multiple of 15 minutes since the Unix epoch (`isOnSlotGrid`).
 * - A lesson lies wholly inside the current Cairo week, Saturday 00:00 to the next Saturday 00:00:
 *   a 30-minute lesson at Friday 23:45 crosses into the next week and is refused.
 * - A lesson must start after now (a start equal to now has begun: `lessonTiming`), and at least
 *   the tutor's notice period after now. A too-short notice answers `lesson-time-passed`: the
 *   booking deadline of that start (start minus notice) has passed, and waiting cannot help;
 *   `busy-tutor` would send the student looking for a clash that does not exist. The verdict's
 *   `rule` (`notice-period`) lets a screen say it more precisely.
 * - An unlisted tutor (not activated, or not onboarded without the bypass flag) is
 *   `tutor-not-found`, checked before anything about the student.
 * - A free trial whose minutes are used up is over: `subscription-required`, not
 *   `no-enough-minutes` (docs/decisions/098-free-trial.md). A lesson must also start before
 *   the subscription ends (`subscription-required`).
 * - Availability is the union of the tutor's slots: a 30-minute lesson may span two adjacent
 *   15-minute slots. Busy intervals (lessons, interviews, demo sessions) all answer
 *   `conflicting-lessons`: the student needs "this time is taken", not what took it.
 * - Rescheduling is a free cancellation plus a booking, so it is open exactly while a student's
 *   cancellation would return the minutes (`freeCancelUntil`), else `lesson-time-passed`. Then the
 *   lesson's own interval no longer counts as busy, its minutes count as returned, and it no
 *   longer counts as "another upcoming lesson".
 * - Minutes on cancellation: all of them when the tutor or the system cancels (any time before
 *   the lesson ends), or when the student cancels at least 2 hours before the start
 *   (`LESSON_FREE_CANCEL_MINUTES`) or within 10 minutes of booking it
 *   (`LESSON_CANCEL_GRACE_MINUTES`, a mis-tap; only before the start); none otherwise. The server
 *   returns them only while their quota week is still running (`returnMinutes`).
 * - The weekly schedule is a template of Cairo wall-clock slots (weekday, start, 15 or 30 minutes)
 *   that repeats every week. A slot is available at every instant a Cairo wall clock shows its
 *   start: never for starts inside the spring jump (Friday 00:00-00:59 on the last Friday of
 *   April), twice for starts in the repeated autumn hour (Thursday 23:00-23:59 on the last
 *   Thursday of October), once otherwise. Each occurrence lasts the slot's real length.
 */

import { SessionSlotLength, WEEKDAYS_FROM_SATURDAY } from './enums';
import type { Weekday } from './enums';
import type { ApiErrorCode } from './errors';
import { LessonCanceledBy, LessonStatus, LessonTiming, lessonTiming } from './statuses';
import { renewsWeekly, subscriptionStateAt, weeklyQuota } from './subscriptions';
import type { QuotaSubscription } from './subscriptions';
import { SubscriptionState } from './api/payments';
import { cairoUtcOffsetMinutes, cairoWeekBounds } from './time';
import type { TimeRange } from './time';

// ---------------------------------------------------------------------------------------------
// Constants

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** The lesson lengths a student may book: the spec's session slot lengths, 15 and 30 minutes. */
export const LESSON_DURATIONS: readonly SessionSlotLength[] = Object.freeze([
  SessionSlotLength.Short,
  SessionSlotLength.Long,
]);

/** Lessons and schedule slots start on this grid of a Cairo wall clock (:00, :15, :30, :45). */
export const SLOT_GRID_MINUTES = SessionSlotLength.Short;
const GRID_MS = SLOT_GRID_MINUTES * MINUTE_MS;

/** A student's cancellation at least this long before the start gives the minutes back. */
export const LESSON_FREE_CANCEL_MINUTES = 120;

/** A student's cancellation this soon after booking (and before the start) is free too. */
export const LESSON_CANCEL_GRACE_MINUTES = 10;

/** Slots in a full week of 15-minute slots: the most a weekly schedule can hold. */
export const WEEKLY_SLOTS_MAX = (7 * DAY_MINUTES) / SLOT_GRID_MINUTES;

// ---------------------------------------------------------------------------------------------
// Small helpers on instants and intervals

export const isLessonDuration = (minutes: number): minutes is SessionSlotLength =>
  (LESSON_DURATIONS as readonly number[]).includes(minutes);

/** On the 15-minute grid of a Cairo wall clock (whole seconds and milliseconds zero). */
export const isOnSlotGrid = (instant: Date): boolean => instant.getTime() % GRID_MS === 0;

/** The end of a lesson (or slot) of `minutes` starting at `start`. */
export const endOf = (start: Date, minutes: number): Date =>
  new Date(start.getTime() + minutes * MINUTE_MS);

/** Half-open intervals overlap when each starts before the other ends (empty ones never do). */
export const rangesOverlap = (a: TimeRange, b: TimeRange): boolean =>
  a.start.getTime() < a.end.getTime() &&
  b.start.getTime() < b.end.getTime() &&
  a.start.getTime() < b.end.getTime() &&
  b.start.getTime() < a.end.getTime();

interface Span {
  start: number;
  end: number;
}

/** Sorted, disjoint, non-touching spans covering exactly the union of the ranges. */
function union(ranges: readonly TimeRange[]): Span[] {
  const spans = ranges
    .map((range) => ({ start: range.start.getTime(), end: range.end.getTime() }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** `range` lies inside the union of `ranges` (adjacent ranges join up). */
export function isCoveredBy(range: TimeRange, ranges: readonly TimeRange[]): boolean {
  const start = range.start.getTime();
  const end = range.end.getTime();
  return union(ranges).some((span) => span.start <= start && end <= span.end);
}

// ---------------------------------------------------------------------------------------------
// Who is booking, with whom, and when

/** A student's live subscription as booking sees it. */
export interface BookingSubscription {
  /** The free trial: one allowance for life, never renewed. */
  trial: boolean;
  /** Minutes left in the quota week holding now (for the trial, what is left of it). */
  remainingMinutes: number;
  /** When the subscription ends: a lesson must start before. */
  endsAt: Date;
}

export interface BookingStudent {
  verifiedEmail: boolean;
  /** The live subscription (paid or trial), or null when there is none. */
  subscription: BookingSubscription | null;
  /** The student holds a lesson that is neither canceled nor over (with any tutor). */
  hasUpcomingLesson: boolean;
}

export interface BookingTutor {
  /** Shown to students and bookable: see `isTutorListed`. */
  listed: boolean;
  /** Minimum minutes between booking and the lesson's start. */
  noticePeriod: number;
}

/** A time the tutor is taken. Lessons carry their id, so a reschedule can leave itself out. */
export interface BusyInterval extends TimeRange {
  lessonId?: number;
}

/** The tutor's side of the current week: what `tutorFreeStartTimes` needs. */
export interface TutorTimeContext {
  now: Date;
  tutor: BookingTutor;
  /** The tutor's available slots this week as instants, in any order (`availabilityForWeek`). */
  availability: readonly TimeRange[];
  /** The tutor's lessons, interviews and demo sessions that are not canceled. */
  busy: readonly BusyInterval[];
}

/** Everything but the requested time: what the dialog knows before a time is picked. */
export interface BookingContext extends TutorTimeContext {
  student: BookingStudent;
}

export interface BookingRequest {
  start: Date;
  duration: SessionSlotLength;
}

export type BookingInput = BookingContext & BookingRequest;

/** Listed (and bookable) tutors: activated, and onboarded or let through by an admin. */
export const isTutorListed = (tutor: {
  activated: boolean;
  onboarded: boolean;
  bypassOnboarding: boolean;
}): boolean => tutor.activated && (tutor.onboarded || tutor.bypassOnboarding);

/**
 * The student's subscription as booking sees it at `now`: null unless it is live (started, not
 * ended, not canceled), with the minutes left in the current quota week (`weeklyQuota`).
 */
export function bookingSubscriptionOf(
  subscription: QuotaSubscription | null | undefined,
  now: Date,
): BookingSubscription | null {
  if (!subscription) return null;
  if (now.getTime() < subscription.startsAt.getTime()) return null;
  if (subscriptionStateAt(subscription, now) !== SubscriptionState.Active) return null;
  return {
    trial: !renewsWeekly(subscription.period),
    remainingMinutes: weeklyQuota(subscription, now).remaining,
    endsAt: subscription.endsAt,
  };
}

// ---------------------------------------------------------------------------------------------
// The rules, in the order they are checked

/**
 * Each rule and the code it answers, in checking order; the verdict is the first that fails:
 *
 *  1. tutor-listed        tutor-not-found            the tutor is activated and onboarded
 *  2. verified-email      unverified-email           the student's e-mail is verified
 *  3. subscription        subscription-required      a live subscription (a trial with minutes
 *                                                    left) that is still running at the start
 *  4. enough-minutes      no-enough-minutes          minutes left this week >= the duration
 *  5. current-week        week-boundaries-violation  the lesson lies inside the current Cairo week
 *  6. start-ahead         lesson-time-passed         it starts after now
 *  7. notice-period       lesson-time-passed         ... and at least the tutor's notice after now
 *  8. one-upcoming-lesson reached-booking-limit      the student holds no other upcoming lesson
 *  9. tutor-available     busy-tutor                 inside the tutor's availability
 * 10. tutor-free          conflicting-lessons        overlapping none of the tutor's busy times
 *
 * Rescheduling checks `lesson-changeable` (`lesson-time-passed`) before all of them.
 */
export const BOOKING_RULES = [
  { rule: 'tutor-listed', code: 'tutor-not-found' },
  { rule: 'verified-email', code: 'unverified-email' },
  { rule: 'subscription', code: 'subscription-required' },
  { rule: 'enough-minutes', code: 'no-enough-minutes' },
  { rule: 'current-week', code: 'week-boundaries-violation' },
  { rule: 'start-ahead', code: 'lesson-time-passed' },
  { rule: 'notice-period', code: 'lesson-time-passed' },
  { rule: 'one-upcoming-lesson', code: 'reached-booking-limit' },
  { rule: 'tutor-available', code: 'busy-tutor' },
  { rule: 'tutor-free', code: 'conflicting-lessons' },
] as const satisfies readonly { rule: string; code: ApiErrorCode }[];

export type BookingRule = (typeof BOOKING_RULES)[number]['rule'] | 'lesson-changeable';
export type BookingErrorCode = (typeof BOOKING_RULES)[number]['code'];

export type BookingVerdict =
  { ok: true } | { ok: false; code: BookingErrorCode; rule: BookingRule };

const OK: BookingVerdict = Object.freeze({ ok: true });

const CODE_OF = Object.fromEntries(BOOKING_RULES.map(({ rule, code }) => [rule, code])) as Record<
  (typeof BOOKING_RULES)[number]['rule'],
  BookingErrorCode
>;

const refuse = (rule: BookingRule): BookingVerdict => ({
  ok: false,
  rule,
  code: rule === 'lesson-changeable' ? 'lesson-time-passed' : CODE_OF[rule],
});

const noticeMs = (tutor: BookingTutor): number => Math.max(0, tutor.noticePeriod) * MINUTE_MS;

/** A trial with nothing left is over: it counts as no subscription. */
const usableSubscription = (student: BookingStudent): BookingSubscription | null => {
  const subscription = student.subscription;
  if (!subscription || (subscription.trial && subscription.remainingMinutes <= 0)) return null;
  return subscription;
};

/** The rules that do not depend on the start: the first that fails, or null. */
function requestIndependentFailure(
  context: BookingContext,
  duration: SessionSlotLength,
): BookingRule | null {
  const { student, tutor } = context;
  if (!tutor.listed) return 'tutor-listed';
  if (!student.verifiedEmail) return 'verified-email';
  const subscription = usableSubscription(student);
  if (!subscription) return 'subscription';
  if (subscription.remainingMinutes < duration) return 'enough-minutes';
  if (student.hasUpcomingLesson) return 'one-upcoming-lesson';
  return null;
}

/**
 * May this student book this lesson now? `ok`, or the first failing rule of `BOOKING_RULES` and
 * its error code. The shape of the request (a 15/30 duration, a start on the grid) is the
 * request schema's job (`bookLessonBodySchema`); this judges the business rules.
 */
export function checkBooking(input: BookingInput): BookingVerdict {
  const { now, student, tutor, start, duration } = input;
  const startMs = start.getTime();
  const endMs = startMs + duration * MINUTE_MS;
  const nowMs = now.getTime();

  if (!tutor.listed) return refuse('tutor-listed');
  if (!student.verifiedEmail) return refuse('verified-email');
  const subscription = usableSubscription(student);
  if (!subscription || startMs >= subscription.endsAt.getTime()) return refuse('subscription');
  if (subscription.remainingMinutes < duration) return refuse('enough-minutes');
  const week = cairoWeekBounds(now);
  if (startMs < week.start.getTime() || endMs > week.end.getTime()) return refuse('current-week');
  if (startMs <= nowMs) return refuse('start-ahead');
  if (startMs - nowMs < noticeMs(tutor)) return refuse('notice-period');
  if (student.hasUpcomingLesson) return refuse('one-upcoming-lesson');
  if (!isCoveredBy({ start, end: new Date(endMs) }, input.availability)) {
    return refuse('tutor-available');
  }
  const taken = union(input.busy).some((span) => span.start < endMs && startMs < span.end);
  if (taken) return refuse('tutor-free');
  return OK;
}

/**
 * Grid starts in the current week where the tutor is available for `duration` minutes, free, and
 * bookable now (after now and the notice period), and which start before `before` when given.
 * Ascending. Linear in the number of slots, busy intervals and offered starts.
 */
function freeStarts(
  context: TutorTimeContext,
  duration: SessionSlotLength,
  before: number = Number.POSITIVE_INFINITY,
): Date[] {
  const { now, tutor } = context;
  if (!tutor.listed) return [];
  const week = cairoWeekBounds(now);
  const nowMs = now.getTime();
  const length = duration * MINUTE_MS;
  const earliest = Math.max(week.start.getTime(), nowMs + 1, nowMs + noticeMs(tutor));
  const latestEnd = week.end.getTime();
  const busy = union(context.busy);
  const starts: Date[] = [];
  let next = 0; // the first busy span that may still overlap a later start
  for (const span of union(context.availability)) {
    const end = Math.min(span.end, latestEnd);
    for (
      let start = Math.ceil(Math.max(span.start, earliest) / GRID_MS) * GRID_MS;
      start + length <= end && start < before;
      start += GRID_MS
    ) {
      while (next < busy.length && (busy[next] as Span).end <= start) next += 1;
      const blocker = busy[next];
      if (blocker && blocker.start < start + length) continue;
      starts.push(new Date(start));
    }
  }
  return starts;
}

/**
 * The start times the book-lesson dialog may offer for `duration`: exactly the grid starts that
 * `checkBooking` accepts, in ascending order. Empty when a rule that does not depend on the time
 * fails (the dialog then shows `checkBooking`'s reason instead of times).
 */
export function freeStartTimes(context: BookingContext, duration: SessionSlotLength): Date[] {
  if (requestIndependentFailure(context, duration) !== null) return [];
  const subscription = usableSubscription(context.student);
  return freeStarts(context, duration, subscription?.endsAt.getTime());
}

/**
 * The tutor's bookable starts this week for anyone (the tutors list's "free this week" and
 * "next free time"): the time rules only, nothing about a student.
 */
export const tutorFreeStartTimes = (
  context: TutorTimeContext,
  duration: SessionSlotLength = SessionSlotLength.Short,
): Date[] => freeStarts(context, duration);

/** The tutor's first bookable start this week, or null (tutor cards, sorting). */
export const nextFreeStart = (
  context: TutorTimeContext,
  duration: SessionSlotLength = SessionSlotLength.Short,
): Date | null => tutorFreeStartTimes(context, duration)[0] ?? null;

// ---------------------------------------------------------------------------------------------
// Cancelling and rescheduling

/** The fields of a lesson the cancellation policy reads. */
export interface CancelableLesson {
  start: Date;
  /** Minutes. */
  duration: number;
  /** When it was booked; without it there is no grace period. */
  bookedAt?: Date | null;
}

/**
 * The last instant a student's cancellation gives the minutes back: 2 hours before the start, or
 * 10 minutes after booking when that is later (but before the start).
 */
export function freeCancelUntil(lesson: CancelableLesson): Date {
  const start = lesson.start.getTime();
  const byNotice = start - LESSON_FREE_CANCEL_MINUTES * MINUTE_MS;
  const byGrace = lesson.bookedAt
    ? Math.min(lesson.bookedAt.getTime() + LESSON_CANCEL_GRACE_MINUTES * MINUTE_MS, start - 1)
    : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(byNotice, byGrace));
}

/**
 * Minutes a cancellation at `now` gives back to the student's subscription: all of them when the
 * tutor or the system cancels before the lesson ends, or the student cancels by
 * `freeCancelUntil`; none otherwise (and none once the lesson is over). The server adds them back
 * only while their quota week is still running.
 */
export function minutesReturnedOnCancel(
  lesson: CancelableLesson,
  canceledBy: LessonCanceledBy,
  now: Date,
): number {
  const t = now.getTime();
  if (t >= endOf(lesson.start, lesson.duration).getTime()) return 0;
  if (canceledBy !== LessonCanceledBy.Student) return lesson.duration;
  return t <= freeCancelUntil(lesson).getTime() ? lesson.duration : 0;
}

/** The lesson being moved. */
export interface ReschedulableLesson extends CancelableLesson {
  id: number;
  duration: SessionSlotLength;
}

/** A lesson may be moved while cancelling it would give the minutes back to the student. */
export const isLessonChangeable = (lesson: CancelableLesson, now: Date): boolean =>
  minutesReturnedOnCancel(lesson, LessonCanceledBy.Student, now) === lesson.duration;

/**
 * The booking context of a reschedule: the lesson's own interval no longer busy, its minutes
 * counted as returned, and it no longer "another upcoming lesson".
 */
export function rescheduleContext<T extends BookingContext>(
  context: T,
  lesson: ReschedulableLesson,
): T {
  const { subscription } = context.student;
  return {
    ...context,
    busy: context.busy.filter((busy) => busy.lessonId !== lesson.id),
    student: {
      ...context.student,
      hasUpcomingLesson: false,
      subscription: subscription && {
        ...subscription,
        remainingMinutes: subscription.remainingMinutes + lesson.duration,
      },
    },
  };
}

/**
 * May the student move `lesson` to the requested time? `lesson-changeable` first, then the
 * booking rules on `rescheduleContext`.
 */
export function checkReschedule(input: BookingInput, lesson: ReschedulableLesson): BookingVerdict {
  if (!isLessonChangeable(lesson, input.now)) return refuse('lesson-changeable');
  return checkBooking(rescheduleContext(input, lesson));
}

/** The starts the reschedule dialog may offer: exactly those `checkReschedule` accepts. */
export function freeRescheduleStartTimes(
  context: BookingContext,
  lesson: ReschedulableLesson,
  duration: SessionSlotLength,
): Date[] {
  if (!isLessonChangeable(lesson, context.now)) return [];
  return freeStartTimes(rescheduleContext(context, lesson), duration);
}

/** A lesson's status at `now`: canceled, else pending, happening or fulfilled by the clock. */
export function lessonStatusAt(
  lesson: { start: Date; duration: number; canceledBy: LessonCanceledBy | null },
  now: Date,
): LessonStatus {
  if (lesson.canceledBy !== null) return LessonStatus.Cancelled;
  const timing = lessonTiming({ start: lesson.start, durationMinutes: lesson.duration }, now);
  if (timing === LessonTiming.Future) return LessonStatus.Pending;
  return timing === LessonTiming.Now ? LessonStatus.Happening : LessonStatus.Fulfilled;
}

// ---------------------------------------------------------------------------------------------
// The weekly schedule

/** One slot of a tutor's weekly schedule, on a Cairo wall clock. */
export interface WeeklySlot {
  weekday: Weekday;
  /** `HH:MM`, 24-hour, Cairo time, on the 15-minute grid. */
  start: string;
  length: SessionSlotLength;
}

/** `HH:MM` on the 15-minute grid. */
export const SLOT_START_PATTERN = /^(?:[01]\d|2[0-3]):(?:00|15|30|45)$/;

function slotClock(slot: WeeklySlot): { hour: number; minute: number } {
  if (!SLOT_START_PATTERN.test(slot.start)) throw new RangeError(`Bad slot start: ${slot.start}`);
  const [hour, minute] = slot.start.split(':').map(Number) as [number, number];
  return { hour, minute };
}

/** Minutes from Saturday 00:00 (wall clock) to the slot's start: 0 to 10079. */
export function slotWeekMinute(slot: WeeklySlot): number {
  const { hour, minute } = slotClock(slot);
  const day = WEEKDAYS_FROM_SATURDAY.indexOf(slot.weekday);
  if (day < 0) throw new RangeError(`Bad weekday: ${slot.weekday}`);
  return day * DAY_MINUTES + hour * 60 + minute;
}

/** The slot ends by Friday 24:00, inside its week (Friday 23:45 can only be a 15-minute slot). */
export const slotFitsWeek = (slot: WeeklySlot): boolean =>
  slotWeekMinute(slot) + slot.length <= 7 * DAY_MINUTES;

/**
 * Two slots of a weekly schedule that overlap on the wall clock (indexes, lower first), or null.
 * The server answers `conflicting-schedule`; the database's exclusion constraint stays the guard.
 */
export function findOverlappingSlots(slots: readonly WeeklySlot[]): [number, number] | null {
  const order = slots
    .map((slot, index) => {
      const from = slotWeekMinute(slot);
      return { index, from, to: from + slot.length };
    })
    .sort((a, b) => a.from - b.from || a.index - b.index);
  for (let i = 1; i < order.length; i += 1) {
    const previous = order[i - 1] as (typeof order)[number];
    const current = order[i] as (typeof order)[number];
    if (current.from < previous.to) {
      return [Math.min(previous.index, current.index), Math.max(previous.index, current.index)];
    }
  }
  return null;
}

/** The first instant in (`from`, `to`] whose Cairo offset differs from the one at `from`. */
function offsetChangeAt(from: number, to: number): number {
  const before = cairoUtcOffsetMinutes(new Date(from));
  let low = from;
  let high = to;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (cairoUtcOffsetMinutes(new Date(middle)) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The weekly schedule on the calendar of the Cairo week holding `instant`, as instants sorted by
 * start. A slot appears at every instant the wall clock shows its start (none in the spring jump,
 * two in the repeated autumn hour) and lasts its real length.
 *
 * Arithmetic rather than a time-zone lookup per slot: a week holds at most one clock change, so a
 * wall-clock minute of the week maps to the week's start plus that minute, corrected by the
 * offset that holds on its side of the change.
 */
export function availabilityForWeek(slots: readonly WeeklySlot[], instant: Date): TimeRange[] {
  return availabilityForWeekMinutes(
    slots.map((slot) => ({ weekMinute: slotWeekMinute(slot), length: slot.length })),
    instant,
  );
}

/** A weekly slot as the database keeps it: minutes from Saturday 00:00 and its length. */
export interface WeekMinuteSlot {
  weekMinute: number;
  length: number;
}

/**
 * `availabilityForWeek` for slots already in week minutes (as the database stores them), which
 * saves the server writing and parsing `HH:MM` for every slot of every booking.
 */
export function availabilityForWeekMinutes(
  slots: readonly WeekMinuteSlot[],
  instant: Date,
): TimeRange[] {
  const week = cairoWeekBounds(instant);
  const start = week.start.getTime();
  const end = week.end.getTime();
  const first = cairoUtcOffsetMinutes(week.start);
  const last = cairoUtcOffsetMinutes(new Date(end - 1));
  const changeAt = first === last ? end : offsetChangeAt(start, end - 1);
  const offsets = first === last ? [first] : [first, last];
  const ranges: TimeRange[] = [];
  for (const slot of slots) {
    const wall = slot.weekMinute * MINUTE_MS;
    for (const offset of offsets) {
      const at = start + wall - (offset - first) * MINUTE_MS;
      const onItsSide = offset === first ? at < changeAt : at >= changeAt;
      if (!onItsSide || at < start || at >= end) continue;
      ranges.push({
        start: new Date(at),
        end: new Date(Math.min(at + slot.length * MINUTE_MS, end)),
      });
    }
  }
  // By start, then end: the same answer whatever order the slots came in.
  return ranges.sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime(),
  );
}

export type ScheduleVerdict =
  | { ok: true }
  | {
      ok: false;
      code: 'conflicting-schedule';
      reason: 'overlapping-slots';
      /** Indexes of two overlapping slots. */
      slots: [number, number];
    }
  | {
      ok: false;
      code: 'conflicting-schedule';
      reason: 'booked-lessons';
      /** Indexes (into `upcomingLessons`) of the lessons the new schedule would leave out. */
      lessons: number[];
    };

/**
 * May a tutor save this weekly schedule? Its slots must not overlap, and every upcoming lesson
 * (booked, not canceled, not over) must still lie inside the schedule of its week: a change that
 * would cancel booked lessons is refused. Both answer `conflicting-schedule`.
 */
export function checkScheduleChange(
  slots: readonly WeeklySlot[],
  upcomingLessons: readonly TimeRange[],
): ScheduleVerdict {
  const overlap = findOverlappingSlots(slots);
  if (overlap) {
    return { ok: false, code: 'conflicting-schedule', reason: 'overlapping-slots', slots: overlap };
  }
  const weeks = new Map<number, TimeRange[]>();
  const lessons: number[] = [];
  upcomingLessons.forEach((lesson, index) => {
    const weekStart = cairoWeekBounds(lesson.start).start.getTime();
    let availability = weeks.get(weekStart);
    if (!availability) {
      availability = availabilityForWeek(slots, lesson.start);
      weeks.set(weekStart, availability);
    }
    if (!isCoveredBy(lesson, availability)) lessons.push(index);
  });
  if (lessons.length > 0) {
    return { ok: false, code: 'conflicting-schedule', reason: 'booked-lessons', lessons };
  }
  return { ok: true };
}
