/**
 * The book-lesson dialog's reasoning, pure: the booking context built from the tutor's week, the
 * student's subscription and upcoming lessons (the same inputs the server judges), the days and
 * times it may offer (`freeStartTimes`), and why nothing can be booked when a rule about the
 * student fails (`checkBooking`).
 */
import {
  LESSON_DURATIONS,
  SessionSlotLength,
  availabilityForWeek,
  bookingSubscriptionOf,
  checkBooking,
  formatCairoDate,
  freeStartTimes,
  startOfCairoDay,
  tutorFreeStartTimes,
  tutorTimeOfWeek,
} from '@talaqa/domain';
import type {
  AvailabilityWeek,
  BookingContext,
  BookingRule,
  SubscriptionView,
  User,
} from '@talaqa/domain';

export interface BookingSources {
  week: AvailabilityWeek;
  subscription: SubscriptionView | null;
  hasUpcomingLesson: boolean;
  user: Pick<User, 'verifiedEmail'>;
  now: Date;
}

/**
 * The server's clock as this device best knows it: its own clock moved by the offset measured on
 * the week's answer, but never before an instant the server has already shown as begun. A first
 * free trial is granted by the very request that reads it, a moment after the week's `now` was
 * taken; judged before its start, it would read as no subscription at all.
 */
export function serverNowOf(clockOffset: number, begun: readonly string[]): Date {
  const estimate = Date.now() + clockOffset;
  return new Date(Math.max(estimate, ...begun.map((instant) => Date.parse(instant))));
}

/** The context `checkBooking` and `freeStartTimes` judge, as the server would build it. */
export function bookingContextOf({
  week,
  subscription,
  hasUpcomingLesson,
  user,
  now,
}: BookingSources): BookingContext {
  const quota = subscription
    ? bookingSubscriptionOf(
        {
          period: subscription.period,
          weeklyMinutes: subscription.weeklyMinutes,
          consumedMinutes: subscription.consumedMinutes,
          weekStartedAt: new Date(subscription.weekStartedAt),
          startsAt: new Date(subscription.startsAt),
          endsAt: new Date(subscription.endsAt),
          canceledAt: subscription.canceledAt ? new Date(subscription.canceledAt) : null,
        },
        now,
      )
    : null;
  return {
    ...tutorTimeOfWeek(week, now),
    student: { verifiedEmail: user.verifiedEmail, subscription: quota, hasUpcomingLesson },
  };
}

/** The rules about the student (not the time) that stop any booking. */
export type StudentBlock = Extract<
  BookingRule,
  'tutor-listed' | 'verified-email' | 'subscription' | 'enough-minutes' | 'one-upcoming-lesson'
>;

const STUDENT_RULES: readonly BookingRule[] = [
  'tutor-listed',
  'verified-email',
  'subscription',
  'enough-minutes',
  'one-upcoming-lesson',
];

/**
 * Why this student can book nothing with this tutor now, or null: `checkBooking` on the tutor's
 * first free start (or, without one, on now: the rules before the time still answer first).
 */
export function studentBlock(context: BookingContext): StudentBlock | null {
  const probe = tutorFreeStartTimes(context, SessionSlotLength.Short)[0];
  const verdict = checkBooking({
    ...context,
    start: probe ?? context.now,
    duration: SessionSlotLength.Short,
  });
  if (!verdict.ok && STUDENT_RULES.includes(verdict.rule)) return verdict.rule as StudentBlock;
  if (!probe && context.student.hasUpcomingLesson) return 'one-upcoming-lesson';
  return null;
}

export interface BookableDay {
  /** `YYYY-MM-DD`-like key: the Cairo day's start as ISO. */
  key: string;
  dayStart: Date;
  label: string;
}

/** The free starts for each duration (only the current Cairo week; `freeStartTimes`). */
export function freeTimesByDuration(context: BookingContext): Record<SessionSlotLength, Date[]> {
  const entries = LESSON_DURATIONS.map((duration) => [duration, freeStartTimes(context, duration)]);
  return Object.fromEntries(entries) as Record<SessionSlotLength, Date[]>;
}

export const dayKeyOf = (instant: Date): string => startOfCairoDay(instant).toISOString();

/** The Cairo days of the current week holding at least one free start, in order. */
export function bookableDays(times: Record<SessionSlotLength, Date[]>): BookableDay[] {
  const days = new Map<string, BookableDay>();
  for (const start of [...times[SessionSlotLength.Short], ...times[SessionSlotLength.Long]]) {
    const dayStart = startOfCairoDay(start);
    const key = dayStart.toISOString();
    if (!days.has(key)) days.set(key, { key, dayStart, label: formatCairoDate(start) });
  }
  return [...days.values()].sort((a, b) => a.dayStart.getTime() - b.dayStart.getTime());
}

/** A day of next week with the tutor's usual hours on it, as joined ranges. */
export interface NextWeekDay {
  key: string;
  label: string;
  ranges: { start: Date; end: Date }[];
}

/**
 * Next week's hours from the tutor's weekly template, by Cairo day, with back-to-back slots joined
 * ("6:00 م – 10:00 م"): shown read-only, since booking stays inside the current week and opens for
 * these at `week.weekEnd`.
 */
export function nextWeekDays(week: Pick<AvailabilityWeek, 'template' | 'weekEnd'>): NextWeekDay[] {
  const days = new Map<string, NextWeekDay>();
  for (const range of availabilityForWeek(week.template, new Date(week.weekEnd))) {
    const key = dayKeyOf(range.start);
    const day = days.get(key) ?? { key, label: formatCairoDate(range.start), ranges: [] };
    days.set(key, day);
    const last = day.ranges.at(-1);
    if (last && last.end.getTime() === range.start.getTime()) last.end = range.end;
    else day.ranges.push({ start: range.start, end: range.end });
  }
  return [...days.values()].sort((a, b) => a.key.localeCompare(b.key));
}
