/**
 * Booking rules (spec sections 4, 5 and 9; issue 6): whether a student may book a lesson with a
 * tutor at a given time or move one there, and which times the book-lesson and reschedule dialogs
 * may offer.
 *
 * Decisions (our reading where the spec is silent; docs/decisions/ records them):
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
 */

import { SessionSlotLength } from '../enums';
import type { ApiErrorCode } from '../errors';
import {
  renewsWeekly,
  SubscriptionState,
  subscriptionStateAt,
  weeklyQuota,
} from '../subscriptions/rules';
import type { QuotaSubscription } from '../subscriptions/rules';
import { cairoWeekBounds } from '../time';
import type { TimeRange } from '../time';
import { isLessonChangeable } from './lessons';
import type { CancelableLesson } from './lessons';
import { GRID_MS, isCoveredBy, MINUTE_MS, union } from './grid';
import type { Span } from './grid';

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

/** What the listing rule reads of a tutor's profile. */
export interface ListingFields {
  activated: boolean;
  onboarded: boolean;
  bypassOnboarding: boolean;
}

/** Why a tutor is not listed: not activated by an admin, onboarding neither done nor waived. */
export type TutorHiddenReason = 'not-activated' | 'not-onboarded';

/**
 * Whether a tutor is listed (shown to students and bookable) and, when not, every reason why.
 * The public list, the profile page, booking and the tutor's own "visible/hidden" notice all
 * come from here (record 310), so what a tutor is told about their profile is always true.
 */
export function tutorVisibility(tutor: ListingFields): {
  listed: boolean;
  reasons: TutorHiddenReason[];
} {
  const reasons: TutorHiddenReason[] = [];
  if (!tutor.activated) reasons.push('not-activated');
  if (!tutor.onboarded && !tutor.bypassOnboarding) reasons.push('not-onboarded');
  return { listed: reasons.length === 0, reasons };
}

/** Listed (and bookable) tutors: activated, and onboarded or let through by an admin. */
export const isTutorListed = (tutor: ListingFields): boolean => tutorVisibility(tutor).listed;

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
// Rescheduling: a free cancellation plus a booking

/** The lesson being moved. */
export interface ReschedulableLesson extends CancelableLesson {
  id: number;
  duration: SessionSlotLength;
}

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
