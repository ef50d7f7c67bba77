import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityForWeek,
  availabilityForWeekMinutes,
  BOOKING_RULES,
  bookingSubscriptionOf,
  checkBooking,
  checkReschedule,
  checkScheduleChange,
  findOverlappingSlots,
  freeCancelUntil,
  freeRescheduleStartTimes,
  freeStartTimes,
  isCoveredBy,
  isLessonChangeable,
  isOnSlotGrid,
  isTutorListed,
  tutorVisibility,
  LESSON_CANCEL_GRACE_MINUTES,
  LESSON_FREE_CANCEL_MINUTES,
  minutesReturnedOnCancel,
  nextFreeStart,
  rescheduleContext,
  slotFitsWeek,
  slotWeekMinute,
  tutorFreeStartTimes,
  WEEKLY_SLOTS_MAX,
} from '../src/booking';
import type {
  BookingContext,
  BookingInput,
  BookingRule,
  BookingStudent,
  BookingSubscription,
  BusyInterval,
  ReschedulableLesson,
  WeeklySlot,
} from '../src/booking';
import { PlanPeriod, SessionSlotLength, Weekday, WEEKDAYS } from '../src/enums';
import type { SessionSlotLength as Duration } from '../src/enums';
import { LessonCanceledBy } from '../src/statuses';
import type { QuotaSubscription } from '../src/subscriptions/rules';
import { cairoWeekBounds } from '../src/time';
import type { TimeRange } from '../src/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GRID = 15 * MINUTE;
const at = (iso: string): Date => new Date(iso);
const plus = (instant: Date, ms: number): Date => new Date(instant.getTime() + ms);
const range = (start: Date, minutes: number): TimeRange => ({
  start,
  end: plus(start, minutes * MINUTE),
});
const runs = { numRuns: 300 };
/** For properties that judge every quarter hour of a week (hundreds of verdicts per run). */
const heavyRuns = { numRuns: 150 };
const HEAVY_TIMEOUT_MS = 60_000;

/** What a Cairo wall clock shows, read through Intl directly (not the code under test). */
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Cairo',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function wallClock(instant: Date): string {
  const part = (type: string) => clock.formatToParts(instant).find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}
const WEEKDAY_NAMES: Record<Weekday, string> = {
  0: 'Sunday',
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
};

const pad = (n: number): string => String(n).padStart(2, '0');
const slot = (weekday: Weekday, start: string, length: Duration = 30): WeeklySlot => ({
  weekday,
  start,
  length,
});

/** Every 15 minutes of every day: the whole week on a wall clock (672 slots). */
const FULL_WEEK: WeeklySlot[] = WEEKDAYS.flatMap((weekday) =>
  Array.from({ length: 96 }, (_, i) =>
    slot(weekday, `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`, 15),
  ),
);

/** Each day 08:00 to 22:00 in 30-minute slots. */
const DAYTIME: WeeklySlot[] = WEEKDAYS.flatMap((weekday) =>
  Array.from({ length: 28 }, (_, i) =>
    slot(weekday, `${pad(8 + Math.floor(i / 2))}:${pad((i % 2) * 30)}`),
  ),
);

// A plain week (no clock change): Saturday 8 March 2025 00:00 Cairo (UTC+2) to 15 March.
const WEEK = cairoWeekBounds(at('2025-03-12T08:00:00Z'));
const NOW = at('2025-03-12T08:00:00Z'); // Wednesday 10:00 Cairo
const FAR = at('2100-01-01T00:00:00Z');

const paid = (remainingMinutes = 120): BookingSubscription => ({
  trial: false,
  remainingMinutes,
  endsAt: FAR,
});
const goodStudent: BookingStudent = {
  verifiedEmail: true,
  subscription: paid(),
  hasUpcomingLesson: false,
};

const context = (fields: Partial<BookingContext> = {}): BookingContext => ({
  now: NOW,
  student: goodStudent,
  tutor: { listed: true, noticePeriod: 30 },
  availability: availabilityForWeek(DAYTIME, NOW),
  busy: [],
  ...fields,
});
const input = (
  start: string,
  duration: Duration = 30,
  fields: Partial<BookingContext> = {},
): BookingInput => ({ ...context(fields), start: at(start), duration });
const codeOf = (booking: BookingInput): string =>
  ((verdict) => (verdict.ok ? 'ok' : verdict.code))(checkBooking(booking));

// Wednesday 12 March 2025 in Cairo is UTC+2: 14:00 Cairo is 12:00Z.
const WED_14 = '2025-03-12T12:00:00Z';

describe('checkBooking: each rule and its code', () => {
  it('accepts a free time inside the availability', () => {
    expect(checkBooking(input(WED_14))).toEqual({ ok: true });
    expect(checkBooking(input(WED_14, 15))).toEqual({ ok: true });
  });

  it('refuses an unlisted tutor as not found', () => {
    expect(codeOf(input(WED_14, 30, { tutor: { listed: false, noticePeriod: 0 } }))).toBe(
      'tutor-not-found',
    );
  });

  it('needs a verified e-mail', () => {
    expect(codeOf(input(WED_14, 30, { student: { ...goodStudent, verifiedEmail: false } }))).toBe(
      'unverified-email',
    );
  });

  it('needs a live subscription; a used-up trial is none', () => {
    const none = { ...goodStudent, subscription: null };
    expect(codeOf(input(WED_14, 30, { student: none }))).toBe('subscription-required');
    const usedTrial = { ...goodStudent, subscription: { ...paid(0), trial: true } };
    expect(codeOf(input(WED_14, 15, { student: usedTrial }))).toBe('subscription-required');
    const halfTrial = { ...goodStudent, subscription: { ...paid(15), trial: true } };
    expect(codeOf(input(WED_14, 15, { student: halfTrial }))).toBe('ok');
    expect(codeOf(input(WED_14, 30, { student: halfTrial }))).toBe('no-enough-minutes');
  });

  it('needs the subscription to run at the start', () => {
    const endsAt = at(WED_14);
    const ending = { ...goodStudent, subscription: { ...paid(), endsAt } };
    expect(codeOf(input(WED_14, 30, { student: ending }))).toBe('subscription-required');
    expect(codeOf(input('2025-03-12T11:30:00Z', 30, { student: ending }))).toBe('ok');
  });

  it('needs the minutes this week', () => {
    const short = { ...goodStudent, subscription: paid(29) };
    expect(codeOf(input(WED_14, 30, { student: short }))).toBe('no-enough-minutes');
    expect(codeOf(input(WED_14, 15, { student: short }))).toBe('ok');
    const spent = { ...goodStudent, subscription: paid(0) };
    expect(codeOf(input(WED_14, 15, { student: spent }))).toBe('no-enough-minutes');
  });

  it('books only inside the current Cairo week', () => {
    expect(codeOf(input('2025-03-15T12:00:00Z'))).toBe('week-boundaries-violation'); // next Sat
    expect(codeOf(input('2025-03-07T12:00:00Z'))).toBe('week-boundaries-violation'); // last Fri
  });

  it('refuses a start that has come or passed', () => {
    const now = { now: at(WED_14), tutor: { listed: true, noticePeriod: 0 } };
    expect(codeOf(input(WED_14, 30, now))).toBe('lesson-time-passed');
    expect(codeOf(input('2025-03-12T11:45:00Z', 30, now))).toBe('lesson-time-passed');
    expect(codeOf(input('2025-03-12T12:15:00Z', 30, now))).toBe('ok');
  });

  it('keeps the tutor’s notice period, as lesson-time-passed with its own rule', () => {
    const notice = { now: at('2025-03-12T11:31:00Z') }; // 29 minutes before 14:00 Cairo
    expect(checkBooking(input(WED_14, 30, notice))).toEqual({
      ok: false,
      code: 'lesson-time-passed',
      rule: 'notice-period',
    });
    expect(codeOf(input(WED_14, 30, { now: at('2025-03-12T11:30:00Z') }))).toBe('ok'); // 30 min
    const twoDays = { tutor: { listed: true, noticePeriod: 2880 } };
    expect(codeOf(input(WED_14, 30, twoDays))).toBe('lesson-time-passed');
    expect(codeOf(input('2025-03-14T12:00:00Z', 30, twoDays))).toBe('ok'); // Friday
  });

  it('allows one upcoming lesson at a time', () => {
    const busyStudent = { ...goodStudent, hasUpcomingLesson: true };
    expect(codeOf(input(WED_14, 30, { student: busyStudent }))).toBe('reached-booking-limit');
  });

  it('needs the tutor’s availability for the whole lesson; adjacent slots join', () => {
    expect(codeOf(input('2025-03-13T05:00:00Z'))).toBe('busy-tutor'); // Thursday 07:00 Cairo
    expect(codeOf(input('2025-03-12T19:45:00Z'))).toBe('busy-tutor'); // 21:45 + 30 > 22:00
    expect(codeOf(input('2025-03-12T19:45:00Z', 15))).toBe('ok');
    expect(codeOf(input('2025-03-12T12:15:00Z'))).toBe('ok'); // across two 30-minute slots
    const split = availabilityForWeek([slot(Weekday.Wednesday, '14:00', 15)], NOW);
    expect(codeOf(input(WED_14, 30, { availability: split }))).toBe('busy-tutor');
    const joined = availabilityForWeek(
      [slot(Weekday.Wednesday, '14:00', 15), slot(Weekday.Wednesday, '14:15', 15)],
      NOW,
    );
    expect(codeOf(input(WED_14, 30, { availability: joined }))).toBe('ok');
  });

  it('refuses an overlap with any busy interval, touching is fine', () => {
    const lesson: BusyInterval = { ...range(at('2025-03-12T12:15:00Z'), 15), lessonId: 9 };
    expect(codeOf(input(WED_14, 30, { busy: [lesson] }))).toBe('conflicting-lessons');
    expect(codeOf(input(WED_14, 15, { busy: [lesson] }))).toBe('ok');
    const interview = range(at('2025-03-12T11:50:00Z'), 30); // off the grid
    expect(codeOf(input(WED_14, 30, { busy: [interview] }))).toBe('conflicting-lessons');
    const empty = range(at('2025-03-12T12:10:00Z'), 0);
    expect(codeOf(input(WED_14, 30, { busy: [empty] }))).toBe('ok');
  });

  it('answers the first failing rule in the documented order', () => {
    // Breaks every rule but the two about the start being ahead (it lies in the next week).
    let current = input('2025-03-15T05:00:00Z', 30, {
      tutor: { listed: false, noticePeriod: 30 },
      student: { verifiedEmail: false, subscription: null, hasUpcomingLesson: true },
      availability: [],
      busy: [range(at('2025-03-13T05:00:00Z'), 30)],
    });
    const fixes: Partial<Record<BookingRule, (b: BookingInput) => BookingInput>> = {
      'tutor-listed': (b) => ({ ...b, tutor: { ...b.tutor, listed: true } }),
      'verified-email': (b) => ({ ...b, student: { ...b.student, verifiedEmail: true } }),
      subscription: (b) => ({ ...b, student: { ...b.student, subscription: paid(0) } }),
      'enough-minutes': (b) => ({ ...b, student: { ...b.student, subscription: paid(60) } }),
      'current-week': (b) => ({ ...b, start: at('2025-03-13T05:00:00Z') }), // Thursday 07:00
      'one-upcoming-lesson': (b) => ({
        ...b,
        student: { ...b.student, hasUpcomingLesson: false },
      }),
      'tutor-available': (b) => ({ ...b, availability: [range(at('2025-03-13T04:00:00Z'), 180)] }),
      'tutor-free': (b) => ({ ...b, busy: [] }),
    };
    const seen: BookingRule[] = [];
    for (let verdict = checkBooking(current); !verdict.ok; verdict = checkBooking(current)) {
      seen.push(verdict.rule);
      const fix = fixes[verdict.rule];
      if (!fix || seen.length > 20) break;
      current = fix(current);
    }
    expect(seen).toEqual([
      'tutor-listed',
      'verified-email',
      'subscription',
      'enough-minutes',
      'current-week',
      'one-upcoming-lesson',
      'tutor-available',
      'tutor-free',
    ]);
    // The start's own rules come before the booking limit: passed, then the notice.
    const holding = { ...goodStudent, hasUpcomingLesson: true };
    expect(checkBooking(input('2025-03-12T07:00:00Z', 30, { student: holding }))).toMatchObject({
      rule: 'start-ahead',
    });
    expect(checkBooking(input('2025-03-12T08:15:00Z', 30, { student: holding }))).toMatchObject({
      rule: 'notice-period',
    });
    expect(BOOKING_RULES.map((rule) => rule.rule)).toEqual([
      'tutor-listed',
      'verified-email',
      'subscription',
      'enough-minutes',
      'current-week',
      'start-ahead',
      'notice-period',
      'one-upcoming-lesson',
      'tutor-available',
      'tutor-free',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Random scenarios around many weeks, the clock-change weeks always among them

const CLOCK_CHANGE_WEEKS = [
  '2024-04-22T10:00:00Z', // spring 2024: Friday 26 April 00:00 -> 01:00
  '2024-10-29T10:00:00Z', // autumn 2024: Thursday 31 October 24:00 -> 23:00
  '2025-04-22T10:00:00Z', // spring 2025: Friday 25 April
  '2025-10-28T10:00:00Z', // autumn 2025: Thursday 30 October
].map(at);

const weeks = fc
  .oneof(
    fc.constantFrom(...CLOCK_CHANGE_WEEKS, NOW),
    fc.date({
      min: at('2023-01-01T00:00:00Z'),
      max: at('2032-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
  )
  .map((instant) => cairoWeekBounds(instant));

const weeklySlots = fc
  .record({
    weekday: fc.constantFrom(...WEEKDAYS),
    hour: fc.integer({ min: 0, max: 23 }),
    quarter: fc.integer({ min: 0, max: 3 }),
    length: fc.constantFrom<Duration>(15, 30),
  })
  .map(({ weekday, hour, quarter, length }) =>
    slot(weekday, `${pad(hour)}:${pad(quarter * 15)}`, length),
  )
  .filter(slotFitsWeek);

const mostly = <T>(usual: T, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 4 }, { arbitrary: other, weight: 1 });

interface Scenario {
  week: TimeRange;
  context: BookingContext;
}

const scenarios: fc.Arbitrary<Scenario> = weeks.chain((week) => {
  const length = week.end.getTime() - week.start.getTime();
  const gridCount = length / GRID;
  const at15 = (k: number) => plus(week.start, k * GRID);
  const now = fc.oneof(
    fc.integer({ min: 0, max: gridCount - 1 }).map((k) => at15(k)),
    fc.integer({ min: 0, max: length - 1 }).map((ms) => plus(week.start, ms)),
  );
  const gridRanges = fc
    .array(
      fc.record({
        k: fc.integer({ min: -96, max: gridCount + 96 }),
        n: fc.integer({ min: 1, max: 12 }),
      }),
      { maxLength: 25 },
    )
    .map((list) => list.map(({ k, n }) => range(at15(k), n * 15)));
  const templated = fc
    .array(weeklySlots, { maxLength: 60 })
    .map((slots) => availabilityForWeek(slots, week.start));
  const busy = fc
    .array(
      fc.record({
        k: fc.integer({ min: -300, max: length / (5 * MINUTE) + 300 }),
        n: fc.integer({ min: 0, max: 18 }),
        lessonId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      }),
      { maxLength: 12 },
    )
    .map((list) =>
      list.map(({ k, n, lessonId }) => {
        const interval: BusyInterval = range(plus(week.start, k * 5 * MINUTE), n * 5);
        return lessonId === undefined ? interval : { ...interval, lessonId };
      }),
    );
  const subscription = fc.option(
    fc.record({
      trial: fc.boolean(),
      remainingMinutes: fc.constantFrom(0, 10, 15, 29, 30, 60, 230),
      endsAt: mostly(
        FAR,
        fc.integer({ min: 0, max: length }).map((ms) => plus(week.start, ms)),
      ),
    }),
    { nil: null, freq: 8 },
  );
  return fc
    .record({
      now,
      availability: fc.oneof(gridRanges, templated),
      busy,
      listed: mostly(true, fc.constant(false)),
      noticePeriod: fc.oneof(
        fc.constantFrom(0, 15, 30, 45, 60, 120, 1440, 2880),
        fc.integer({ min: 0, max: 3000 }),
      ),
      verifiedEmail: mostly(true, fc.constant(false)),
      subscription: mostly<BookingSubscription | null>(paid(230), subscription),
      hasUpcomingLesson: mostly(false, fc.constant(true)),
    })
    .map((s) => ({
      week,
      context: {
        now: s.now,
        tutor: { listed: s.listed, noticePeriod: s.noticePeriod },
        availability: s.availability,
        busy: s.busy,
        student: {
          verifiedEmail: s.verifiedEmail,
          subscription: s.subscription,
          hasUpcomingLesson: s.hasUpcomingLesson,
        },
      },
    }));
});

const durations = fc.constantFrom<Duration>(15, 30);

/** Grid starts from two hours before the week to two hours after it. */
function gridAround(week: TimeRange): Date[] {
  const starts: Date[] = [];
  for (let t = week.start.getTime() - 2 * HOUR; t < week.end.getTime() + 2 * HOUR; t += GRID) {
    starts.push(new Date(t));
  }
  return starts;
}

/**
 * The rules written the slow, obvious way (minute by minute), as an oracle for `checkBooking`:
 * every rule that fails, in the documented order.
 */
function failingRules(b: BookingInput): BookingRule[] {
  const failing: BookingRule[] = [];
  const start = b.start.getTime();
  const end = start + b.duration * MINUTE;
  const now = b.now.getTime();
  const sub = b.student.subscription;
  const week = cairoWeekBounds(b.now);
  if (!b.tutor.listed) failing.push('tutor-listed');
  if (!b.student.verifiedEmail) failing.push('verified-email');
  const usable = sub !== null && !(sub.trial && sub.remainingMinutes <= 0);
  if (!usable || start >= sub.endsAt.getTime()) failing.push('subscription');
  else if (sub.remainingMinutes < b.duration) failing.push('enough-minutes');
  if (start < week.start.getTime() || end > week.end.getTime()) failing.push('current-week');
  if (start <= now) failing.push('start-ahead');
  if (start - now < b.tutor.noticePeriod * MINUTE) failing.push('notice-period');
  if (b.student.hasUpcomingLesson) failing.push('one-upcoming-lesson');
  for (let minute = start; minute < end; minute += MINUTE) {
    const inside = b.availability.some(
      (r) => r.start.getTime() <= minute && minute + MINUTE <= r.end.getTime(),
    );
    if (!inside) {
      failing.push('tutor-available');
      break;
    }
  }
  const overlaps = b.busy.some(
    (r) =>
      r.start.getTime() < r.end.getTime() && r.start.getTime() < end && start < r.end.getTime(),
  );
  if (overlaps) failing.push('tutor-free');
  return failing;
}

describe('checkBooking against the rules written out (property)', () => {
  it(
    'answers ok exactly when no rule fails, else the first failing rule and its code',
    () => {
      const requests = fc.record({
        k: fc.integer({ min: -150, max: 820 }),
        offGrid: mostly(0, fc.integer({ min: 1, max: 14 })),
        duration: durations,
      });
      fc.assert(
        fc.property(scenarios, requests, ({ week, context: c }, { k, offGrid, duration }) => {
          const booking = {
            ...c,
            start: plus(week.start, k * GRID + offGrid * MINUTE),
            duration,
          };
          const failing = failingRules(booking);
          const verdict = checkBooking(booking);
          if (failing.length === 0) {
            expect(verdict).toEqual({ ok: true });
          } else {
            const rule = failing[0];
            const code = BOOKING_RULES.find((r) => r.rule === rule)?.code;
            expect(verdict).toEqual({ ok: false, rule, code });
          }
        }),
        { numRuns: 2000 },
      );
    },
    HEAVY_TIMEOUT_MS,
  );
});

describe('freeStartTimes: the dialog offers exactly what the server accepts', () => {
  it(
    'every offered start passes checkBooking, and every accepted grid start is offered',
    () => {
      fc.assert(
        fc.property(scenarios, durations, ({ week, context: c }, duration) => {
          const offered = freeStartTimes(c, duration).map((d) => d.getTime());
          const accepted = gridAround(week)
            .filter((start) => checkBooking({ ...c, start, duration }).ok)
            .map((d) => d.getTime());
          expect(offered).toEqual(accepted);
        }),
        heavyRuns,
      );
    },
    HEAVY_TIMEOUT_MS,
  );

  it('offers grid starts inside the current week, ascending, after now and the notice', () => {
    fc.assert(
      fc.property(scenarios, durations, ({ week, context: c }, duration) => {
        const offered = freeStartTimes(c, duration);
        offered.forEach((start, i) => {
          expect(isOnSlotGrid(start)).toBe(true);
          expect(start.getTime()).toBeGreaterThanOrEqual(week.start.getTime());
          expect(start.getTime() + duration * MINUTE).toBeLessThanOrEqual(week.end.getTime());
          expect(start.getTime()).toBeGreaterThan(c.now.getTime());
          expect(start.getTime() - c.now.getTime()).toBeGreaterThanOrEqual(
            c.tutor.noticePeriod * MINUTE,
          );
          if (i > 0) expect(start.getTime()).toBeGreaterThan((offered[i - 1] as Date).getTime());
        });
      }),
      runs,
    );
  });

  it('tutorFreeStartTimes ignores the student; the student can only take some away', () => {
    fc.assert(
      fc.property(scenarios, durations, ({ context: c }, duration) => {
        const forAnyone = tutorFreeStartTimes(c, duration).map((d) => d.getTime());
        const forStudent = freeStartTimes(c, duration).map((d) => d.getTime());
        expect(forStudent.every((t) => forAnyone.includes(t))).toBe(true);
        const wellOff = { ...c, student: goodStudent };
        expect(freeStartTimes(wellOff, duration).map((d) => d.getTime())).toEqual(forAnyone);
        expect(nextFreeStart(c, duration)?.getTime() ?? null).toBe(forAnyone[0] ?? null);
      }),
      runs,
    );
  });

  it('offers nothing when a rule about the student or tutor fails', () => {
    const some = context();
    expect(freeStartTimes(some, 30).length).toBeGreaterThan(0);
    expect(freeStartTimes(context({ tutor: { listed: false, noticePeriod: 0 } }), 30)).toEqual([]);
    const limited = context({ student: { ...goodStudent, hasUpcomingLesson: true } });
    expect(freeStartTimes(limited, 15)).toEqual([]);
    const short = context({ student: { ...goodStudent, subscription: paid(20) } });
    expect(freeStartTimes(short, 30)).toEqual([]);
    expect(freeStartTimes(short, 15).length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Time-zone edges

describe('the week boundary: Friday 23:59 to Saturday 00:00 Cairo', () => {
  it.each([
    ['a winter week', '2025-03-14T21:40:00Z', '2025-03-14T21:45:00Z', '2025-03-14T22:00:00Z'],
    // The spring switch day itself: Friday 25 April 2025 ends at 24:00 UTC+3.
    [
      'the spring switch Friday',
      '2025-04-25T20:40:00Z',
      '2025-04-25T20:45:00Z',
      '2025-04-25T21:00:00Z',
    ],
    // The week after the autumn switch ends on Friday 7 November 2025, UTC+2.
    [
      'the autumn switch week',
      '2025-10-31T21:40:00Z',
      '2025-10-31T21:45:00Z',
      '2025-10-31T22:00:00Z',
    ],
  ])('%s', (_name, friday2340, friday2345, saturday0000) => {
    expect(wallClock(at(friday2340))).toBe('Friday 23:40');
    expect(wallClock(at(saturday0000))).toBe('Saturday 00:00');
    const now = at(friday2340);
    const base = context({
      now,
      tutor: { listed: true, noticePeriod: 0 },
      availability: availabilityForWeek(FULL_WEEK, now),
    });
    const book = (start: string, duration: Duration, c: BookingContext = base) =>
      checkBooking({ ...c, start: at(start), duration });
    expect(book(friday2345, 15)).toEqual({ ok: true });
    expect(book(friday2345, 30)).toMatchObject({ code: 'week-boundaries-violation' });
    expect(book(saturday0000, 15)).toMatchObject({ code: 'week-boundaries-violation' });
    expect(freeStartTimes(base, 15)).toEqual([at(friday2345)]);
    expect(freeStartTimes(base, 30)).toEqual([]);

    // One minute later it is Friday 23:59; then the new week begins.
    const lastMinute = { ...base, now: plus(at(saturday0000), -MINUTE) };
    expect(wallClock(lastMinute.now)).toBe('Friday 23:59');
    expect(book(saturday0000, 15, lastMinute)).toMatchObject({ code: 'week-boundaries-violation' });
    const saturday = at(saturday0000);
    const next = {
      ...base,
      now: saturday,
      availability: availabilityForWeek(FULL_WEEK, saturday),
    };
    expect(book(saturday0000, 15, next)).toMatchObject({ code: 'lesson-time-passed' });
    expect(book(plus(saturday, GRID).toISOString(), 30, next)).toEqual({ ok: true });
    expect(book(friday2345, 15, next)).toMatchObject({ code: 'week-boundaries-violation' });
    expect(freeStartTimes(next, 15)[0]).toEqual(plus(saturday, GRID));
  });
});

describe('Egypt’s daylight-saving weeks', () => {
  it.each([
    ['spring 2024', '2024-04-20T00:00:00Z', 167],
    ['autumn 2024', '2024-10-29T10:00:00Z', 169],
    ['spring 2025', '2025-04-22T10:00:00Z', 167],
    ['autumn 2025', '2025-10-28T10:00:00Z', 169],
    ['a plain week', '2025-03-12T08:00:00Z', 168],
  ])('%s: a full schedule offers every quarter hour of its %i hours', (_name, inWeek, hours) => {
    const week = cairoWeekBounds(at(inWeek));
    expect((week.end.getTime() - week.start.getTime()) / HOUR).toBe(hours);
    const availability = availabilityForWeek(FULL_WEEK, week.start);
    expect(isCoveredBy(week, availability)).toBe(true);
    const c = context({ now: week.start, tutor: { listed: true, noticePeriod: 0 }, availability });
    // Everything after now (the week's first instant) and ending by the week's end.
    expect(freeStartTimes(c, 15)).toHaveLength(hours * 4 - 1);
    expect(freeStartTimes(c, 30)).toHaveLength(hours * 4 - 2);
  });

  it('spring: Friday 00:00-00:59 does not exist, so no slot or lesson starts there', () => {
    const week = cairoWeekBounds(at('2025-04-22T10:00:00Z'));
    const gapSlots = [
      slot(Weekday.Friday, '00:00', 30),
      slot(Weekday.Friday, '00:30', 30),
      slot(Weekday.Friday, '00:45', 15),
    ];
    expect(availabilityForWeek(gapSlots, week.start)).toEqual([]);
    // Friday 01:00 exists (22:00Z); Thursday 23:45 for 30 minutes ends at Friday 01:15 local.
    expect(availabilityForWeek([slot(Weekday.Friday, '01:00')], week.start)).toEqual([
      range(at('2025-04-24T22:00:00Z'), 30),
    ]);
    const late = availabilityForWeek([slot(Weekday.Thursday, '23:45')], week.start);
    expect(late).toEqual([range(at('2025-04-24T21:45:00Z'), 30)]);
    expect(wallClock((late[0] as TimeRange).end)).toBe('Friday 01:15');
    const c = context({
      now: week.start,
      availability: availabilityForWeek(FULL_WEEK, week.start),
      tutor: { listed: true, noticePeriod: 0 },
    });
    const offered = freeStartTimes(c, 15).map(wallClock);
    expect(offered).toContain('Thursday 23:45');
    expect(offered).toContain('Friday 01:00');
    expect(offered.filter((shown) => shown.startsWith('Friday 00:'))).toEqual([]);
    // A 30-minute lesson at Thursday 23:45 runs 30 real minutes, into Friday 01:15.
    expect(checkBooking({ ...c, start: at('2025-04-24T21:45:00Z'), duration: 30 })).toEqual({
      ok: true,
    });
  });

  it('autumn: Thursday 23:00-23:59 happens twice, and a slot there is available both times', () => {
    const week = cairoWeekBounds(at('2025-10-28T10:00:00Z'));
    const twice = availabilityForWeek([slot(Weekday.Thursday, '23:30')], week.start);
    expect(twice).toEqual([
      range(at('2025-10-30T20:30:00Z'), 30), // first 23:30, UTC+3
      range(at('2025-10-30T21:30:00Z'), 30), // second 23:30, UTC+2
    ]);
    expect(twice.map((r) => wallClock(r.start))).toEqual(['Thursday 23:30', 'Thursday 23:30']);
    const c = context({
      now: week.start,
      availability: twice,
      tutor: { listed: true, noticePeriod: 0 },
    });
    expect(freeStartTimes(c, 30)).toEqual(twice.map((r) => r.start));
    // Booked in the second occurrence, the first stays free and vice versa.
    const first = { ...c, busy: [twice[1] as TimeRange] };
    expect(freeStartTimes(first, 30)).toEqual([at('2025-10-30T20:30:00Z')]);
  });

  it('the notice period counts real minutes across the switch', () => {
    // Spring 2025: Thursday 23:30 (UTC+2) plus 60 real minutes is Friday 01:30 (UTC+3).
    const week = cairoWeekBounds(at('2025-04-22T10:00:00Z'));
    const now = at('2025-04-24T21:30:00Z');
    expect(wallClock(now)).toBe('Thursday 23:30');
    const c = context({
      now,
      tutor: { listed: true, noticePeriod: 60 },
      availability: availabilityForWeek(FULL_WEEK, week.start),
    });
    expect(wallClock(freeStartTimes(c, 30)[0] as Date)).toBe('Friday 01:30');
  });
});

describe('availabilityForWeek', () => {
  it(
    'puts each slot at every instant the Cairo wall clock shows its start (property)',
    () => {
      fc.assert(
        fc.property(weeks, fc.array(weeklySlots, { maxLength: 40 }), (week, slots) => {
          // Brute force through Intl: which quarter hours of the week show which wall-clock time.
          const shownAt = new Map<string, number[]>();
          for (let t = week.start.getTime(); t < week.end.getTime(); t += GRID) {
            const shows = wallClock(new Date(t));
            shownAt.set(shows, [...(shownAt.get(shows) ?? []), t]);
          }
          const expected = slots
            .flatMap((s) =>
              (shownAt.get(`${WEEKDAY_NAMES[s.weekday]} ${s.start}`) ?? []).map((t) => [
                t,
                t + s.length * MINUTE,
              ]),
            )
            .sort(
              (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
            );
          const ranges = availabilityForWeek(slots, week.start);
          const actual = ranges
            .map((r) => [r.start.getTime(), r.end.getTime()])
            .sort(
              (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
            );
          expect(actual).toEqual(expected);
          for (const times of shownAt.values()) expect(times.length).toBeLessThanOrEqual(2);
          ranges.forEach((r, i) => {
            expect(r.start.getTime()).toBeGreaterThanOrEqual(week.start.getTime());
            expect(r.end.getTime()).toBeLessThanOrEqual(week.end.getTime());
            if (i > 0) {
              expect(r.start.getTime()).toBeGreaterThanOrEqual(
                (ranges[i - 1] as TimeRange).start.getTime(),
              );
            }
          });
        }),
        { numRuns: 100 },
      );
    },
    HEAVY_TIMEOUT_MS,
  );

  it('gives the same week for any instant inside it', () => {
    const week = cairoWeekBounds(NOW);
    expect(availabilityForWeek(DAYTIME, week.start)).toEqual(
      availabilityForWeek(DAYTIME, plus(week.end, -1)),
    );
    expect(availabilityForWeek(DAYTIME, NOW)).toHaveLength(DAYTIME.length);
  });

  it('numbers the week from Saturday 00:00', () => {
    expect(slotWeekMinute(slot(Weekday.Saturday, '00:00'))).toBe(0);
    expect(slotWeekMinute(slot(Weekday.Sunday, '01:15'))).toBe(1440 + 75);
    expect(slotWeekMinute(slot(Weekday.Friday, '23:45', 15))).toBe(7 * 1440 - 15);
    expect(slotFitsWeek(slot(Weekday.Friday, '23:45', 15))).toBe(true);
    expect(slotFitsWeek(slot(Weekday.Friday, '23:45', 30))).toBe(false);
    expect(FULL_WEEK).toHaveLength(WEEKLY_SLOTS_MAX);
    expect(() => slotWeekMinute(slot(Weekday.Monday, '10:10'))).toThrow(RangeError);
  });

  it('gives the same week from slots in week minutes as from HH:MM slots, clock changes included', () => {
    fc.assert(
      fc.property(weeks, fc.array(weeklySlots, { maxLength: 12 }), (week, slots) => {
        const minutes = slots.map((s) => ({ weekMinute: slotWeekMinute(s), length: s.length }));
        expect(availabilityForWeekMinutes(minutes.reverse(), week.start)).toEqual(
          availabilityForWeek(slots, week.start),
        );
      }),
    );
  });
});

describe('weekly schedule changes', () => {
  it('finds overlapping slots, touching ones are fine (property against all pairs)', () => {
    expect(findOverlappingSlots(DAYTIME)).toBeNull();
    expect(findOverlappingSlots(FULL_WEEK)).toBeNull();
    expect(
      findOverlappingSlots([
        slot(Weekday.Monday, '10:00'),
        slot(Weekday.Sunday, '10:00'),
        slot(Weekday.Monday, '10:15', 15),
      ]),
    ).toEqual([0, 2]);
    fc.assert(
      fc.property(fc.array(weeklySlots, { maxLength: 12 }), (slots) => {
        const minutes = slots.map((s) => [slotWeekMinute(s), slotWeekMinute(s) + s.length]);
        const any = minutes.some(([a, b], i) =>
          minutes.some(
            ([c, d], j) =>
              i !== j && (a as number) < (d as number) && (c as number) < (b as number),
          ),
        );
        const found = findOverlappingSlots(slots);
        expect(found !== null).toBe(any);
        if (found) {
          const [i, j] = found;
          const [a, b] = minutes[i] as number[];
          const [c, d] = minutes[j] as number[];
          expect(i).toBeLessThan(j);
          expect((a as number) < (d as number) && (c as number) < (b as number)).toBe(true);
        }
      }),
    );
  });

  it('refuses a change that would leave a booked lesson outside the schedule', () => {
    const lesson = range(at(WED_14), 30);
    expect(checkScheduleChange(DAYTIME, [lesson])).toEqual({ ok: true });
    const withoutIt = DAYTIME.filter(
      (s) => !(s.weekday === Weekday.Wednesday && s.start === '14:00'),
    );
    expect(checkScheduleChange(withoutIt, [range(at('2025-03-12T10:00:00Z'), 30), lesson])).toEqual(
      {
        ok: false,
        code: 'conflicting-schedule',
        reason: 'booked-lessons',
        lessons: [1],
      },
    );
    const split = [slot(Weekday.Wednesday, '14:00', 15), slot(Weekday.Wednesday, '14:15', 15)];
    expect(checkScheduleChange(split, [lesson])).toEqual({ ok: true });
    expect(checkScheduleChange([...DAYTIME, slot(Weekday.Monday, '08:15')], [])).toMatchObject({
      ok: false,
      code: 'conflicting-schedule',
      reason: 'overlapping-slots',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Rescheduling and cancelling

describe('checkReschedule', () => {
  const lesson: ReschedulableLesson = {
    id: 7,
    start: at(WED_14),
    duration: 30,
    bookedAt: at('2025-03-11T08:00:00Z'),
  };
  const own: BusyInterval = { ...range(lesson.start, 30), lessonId: 7 };
  // The student spent every minute on this lesson, which is their upcoming one.
  const holder = context({
    student: { verifiedEmail: true, subscription: paid(0), hasUpcomingLesson: true },
    busy: [own],
  });

  it('frees the lesson’s own time, minutes and booking slot', () => {
    const later = { ...holder, start: at('2025-03-12T14:00:00Z'), duration: 30 as const };
    expect(checkBooking(later)).toMatchObject({ code: 'no-enough-minutes' });
    expect(checkReschedule(later, lesson)).toEqual({ ok: true });
    const shifted = { ...holder, start: at('2025-03-12T12:15:00Z'), duration: 30 as const };
    expect(checkReschedule(shifted, lesson)).toEqual({ ok: true });
    const same = { ...holder, start: lesson.start, duration: 30 as const };
    expect(checkReschedule(same, lesson)).toEqual({ ok: true });
    const otherLesson = { ...range(at('2025-03-12T12:30:00Z'), 30), lessonId: 8 };
    const blocked = { ...shifted, busy: [own, otherLesson] };
    expect(checkReschedule(blocked, lesson)).toMatchObject({ code: 'conflicting-lessons' });
  });

  it('lets a used-up trial move its lesson', () => {
    const trial = { ...holder.student, subscription: { ...paid(0), trial: true } };
    const move = {
      ...holder,
      student: trial,
      start: at('2025-03-12T14:00:00Z'),
      duration: 30 as const,
    };
    expect(checkBooking(move)).toMatchObject({ code: 'subscription-required' });
    expect(checkReschedule(move, lesson)).toEqual({ ok: true });
  });

  it('is closed once cancelling would keep the minutes', () => {
    const late = {
      ...holder,
      now: at('2025-03-12T10:00:01Z'),
      start: at('2025-03-12T14:00:00Z'),
      duration: 30 as const,
    };
    expect(checkReschedule(late, lesson)).toEqual({
      ok: false,
      code: 'lesson-time-passed',
      rule: 'lesson-changeable',
    });
    expect(freeRescheduleStartTimes(late, lesson, 30)).toEqual([]);
    const onTime = { ...late, now: at('2025-03-12T10:00:00Z') };
    expect(checkReschedule(onTime, lesson)).toEqual({ ok: true });
    // Just booked (grace period): still changeable although the start is close.
    const fresh = { ...lesson, bookedAt: at('2025-03-12T11:00:00Z') };
    const soon = { ...late, now: at('2025-03-12T11:05:00Z') };
    expect(checkReschedule(soon, fresh)).toEqual({ ok: true });
  });

  it(
    'offers exactly the starts checkReschedule accepts (property)',
    () => {
      const lessons = fc.record({
        id: fc.integer({ min: 1, max: 4 }),
        k: fc.integer({ min: -10, max: 700 }),
        duration: durations,
        bookedBefore: fc.option(fc.integer({ min: 0, max: 3 * DAY }), { nil: undefined }),
        ownBusy: fc.boolean(),
      });
      fc.assert(
        fc.property(scenarios, lessons, durations, ({ week, context: c }, l, duration) => {
          const start = plus(week.start, l.k * GRID);
          const moving: ReschedulableLesson = {
            id: l.id,
            start,
            duration: l.duration,
            bookedAt: l.bookedBefore === undefined ? null : plus(c.now, -l.bookedBefore),
          };
          const withOwn: BookingContext = l.ownBusy
            ? { ...c, busy: [...c.busy, { ...range(start, l.duration), lessonId: l.id }] }
            : c;
          const offered = freeRescheduleStartTimes(withOwn, moving, duration).map((d) =>
            d.getTime(),
          );
          const accepted = gridAround(week)
            .filter((s) => checkReschedule({ ...withOwn, start: s, duration }, moving).ok)
            .map((d) => d.getTime());
          expect(offered).toEqual(accepted);
          if (!isLessonChangeable(moving, c.now)) expect(offered).toEqual([]);
          const freed = rescheduleContext(withOwn, moving);
          expect(freed.busy.some((b) => b.lessonId === l.id)).toBe(false);
          expect(freed.student.hasUpcomingLesson).toBe(false);
        }),
        heavyRuns,
      );
    },
    HEAVY_TIMEOUT_MS,
  );
});

describe('minutesReturnedOnCancel', () => {
  const lesson = { start: at(WED_14), duration: 30, bookedAt: at('2025-03-10T08:00:00Z') };
  const twoHoursBefore = plus(lesson.start, -LESSON_FREE_CANCEL_MINUTES * MINUTE);

  it('returns everything to a student who cancels at least 2 hours ahead, nothing later', () => {
    expect(minutesReturnedOnCancel(lesson, LessonCanceledBy.Student, twoHoursBefore)).toBe(30);
    expect(minutesReturnedOnCancel(lesson, LessonCanceledBy.Student, plus(twoHoursBefore, 1))).toBe(
      0,
    );
    expect(minutesReturnedOnCancel(lesson, LessonCanceledBy.Student, lesson.start)).toBe(0);
    expect(freeCancelUntil(lesson)).toEqual(twoHoursBefore);
  });

  it('forgives a cancellation within 10 minutes of booking, before the start', () => {
    const fresh = { ...lesson, bookedAt: at('2025-03-12T11:20:00Z') }; // 40 min before start
    const grace = plus(fresh.bookedAt, LESSON_CANCEL_GRACE_MINUTES * MINUTE);
    expect(freeCancelUntil(fresh)).toEqual(grace);
    expect(minutesReturnedOnCancel(fresh, LessonCanceledBy.Student, grace)).toBe(30);
    expect(minutesReturnedOnCancel(fresh, LessonCanceledBy.Student, plus(grace, 1))).toBe(0);
    const lastMinute = { ...lesson, bookedAt: at('2025-03-12T11:55:00Z') }; // 5 min before
    expect(
      minutesReturnedOnCancel(lastMinute, LessonCanceledBy.Student, plus(lesson.start, -1)),
    ).toBe(30);
    expect(minutesReturnedOnCancel(lastMinute, LessonCanceledBy.Student, lesson.start)).toBe(0);
    expect(freeCancelUntil({ start: lesson.start, duration: 30 })).toEqual(twoHoursBefore);
  });

  it('returns everything when the tutor or the system cancels, until the lesson ends', () => {
    for (const by of [LessonCanceledBy.Tutor, LessonCanceledBy.Self]) {
      expect(minutesReturnedOnCancel(lesson, by, plus(lesson.start, 29 * MINUTE))).toBe(30);
      expect(minutesReturnedOnCancel(lesson, by, plus(lesson.start, 30 * MINUTE))).toBe(0);
    }
  });

  it('is all or nothing, and a student’s share only shrinks as time passes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3 * DAY, max: 3 * DAY }),
        fc.integer({ min: 0, max: 3 * DAY }),
        fc.option(fc.integer({ min: 0, max: 3 * DAY }), { nil: undefined }),
        durations,
        fc.constantFrom(...Object.values(LessonCanceledBy)),
        (offset, later, bookedBefore, duration, by) => {
          const l = {
            start: at(WED_14),
            duration,
            bookedAt: bookedBefore === undefined ? null : plus(at(WED_14), -bookedBefore),
          };
          const now = plus(l.start, offset);
          const returned = minutesReturnedOnCancel(l, by, now);
          expect([0, duration]).toContain(returned);
          const over = now.getTime() >= l.start.getTime() + duration * MINUTE;
          if (over) expect(returned).toBe(0);
          if (by !== LessonCanceledBy.Student && !over) expect(returned).toBe(duration);
          if (by === LessonCanceledBy.Student) {
            expect(returned === duration).toBe(now.getTime() <= freeCancelUntil(l).getTime());
            expect(freeCancelUntil(l).getTime()).toBeLessThan(l.start.getTime());
            if (returned === 0) {
              expect(minutesReturnedOnCancel(l, by, plus(now, later))).toBe(0);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Small helpers

describe('helpers', () => {
  it('isTutorListed: activated, and onboarded or bypassing onboarding', () => {
    expect(isTutorListed({ activated: true, onboarded: true, bypassOnboarding: false })).toBe(true);
    expect(isTutorListed({ activated: true, onboarded: false, bypassOnboarding: true })).toBe(true);
    expect(isTutorListed({ activated: true, onboarded: false, bypassOnboarding: false })).toBe(
      false,
    );
    expect(isTutorListed({ activated: false, onboarded: true, bypassOnboarding: true })).toBe(
      false,
    );
  });

  it('tutorVisibility: listed exactly when no reason hides the tutor, every reason named', () => {
    expect(tutorVisibility({ activated: true, onboarded: false, bypassOnboarding: true })).toEqual({
      listed: true,
      reasons: [],
    });
    expect(
      tutorVisibility({ activated: false, onboarded: false, bypassOnboarding: false }),
    ).toEqual({ listed: false, reasons: ['not-activated', 'not-onboarded'] });
    expect(tutorVisibility({ activated: false, onboarded: true, bypassOnboarding: false })).toEqual(
      { listed: false, reasons: ['not-activated'] },
    );
    for (const activated of [false, true]) {
      for (const onboarded of [false, true]) {
        for (const bypassOnboarding of [false, true]) {
          const fields = { activated, onboarded, bypassOnboarding };
          expect(tutorVisibility(fields).listed).toBe(isTutorListed(fields));
        }
      }
    }
  });

  it('bookingSubscriptionOf reads the live subscription and this week’s minutes', () => {
    const now = NOW;
    const row: QuotaSubscription = {
      period: PlanPeriod.Month,
      weeklyMinutes: 120,
      consumedMinutes: 45,
      weekStartedAt: WEEK.start,
      startsAt: at('2025-02-20T10:00:00Z'),
      endsAt: at('2025-03-20T10:00:00Z'),
      canceledAt: null,
    };
    expect(bookingSubscriptionOf(row, now)).toEqual({
      trial: false,
      remainingMinutes: 75,
      endsAt: row.endsAt,
    });
    // Last week's consumption does not count this week.
    const stale = { ...row, weekStartedAt: plus(WEEK.start, -7 * DAY) };
    expect(bookingSubscriptionOf(stale, now)?.remainingMinutes).toBe(120);
    expect(
      bookingSubscriptionOf({ ...row, canceledAt: at('2025-03-10T00:00:00Z') }, now),
    ).toBeNull();
    expect(bookingSubscriptionOf({ ...row, endsAt: at('2025-03-12T08:00:00Z') }, now)).toBeNull();
    expect(bookingSubscriptionOf(null, now)).toBeNull();
    const trial = { ...row, period: PlanPeriod.FreeTrial, weeklyMinutes: 30, consumedMinutes: 30 };
    const used = bookingSubscriptionOf({ ...trial, endsAt: FAR }, now);
    expect(used).toEqual({ trial: true, remainingMinutes: 0, endsAt: FAR });
    const student = { ...goodStudent, subscription: used };
    expect(codeOf(input(WED_14, 15, { student }))).toBe('subscription-required');
  });

  it('isOnSlotGrid: quarter hours of a Cairo clock, whatever the offset', () => {
    expect(isOnSlotGrid(at('2025-03-12T12:45:00Z'))).toBe(true);
    expect(isOnSlotGrid(at('2025-07-12T12:45:00Z'))).toBe(true);
    expect(isOnSlotGrid(at('2025-03-12T12:40:00Z'))).toBe(false);
    expect(isOnSlotGrid(at('2025-03-12T12:45:01Z'))).toBe(false);
    expect(SessionSlotLength.Short).toBe(15);
  });
});
