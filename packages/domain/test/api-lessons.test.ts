import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  availabilityBodySchema,
  availabilityQuerySchema,
  bookLessonBodySchema,
  isoRangeOf,
  LESSON_STATS_WEEKS_DEFAULT,
  LESSON_STATS_WEEKS_MAX,
  lessonDurationSchema,
  lessonIdParamsSchema,
  lessonListQuerySchema,
  lessonStartSchema,
  lessonStatsQuerySchema,
  rescheduleLessonBodySchema,
  slotStartSchema,
  timeRangeOf,
  TUTOR_LIST_SORTS,
  TUTOR_SEARCH_MAX_LENGTH,
  tutorInfoParamsSchema,
  tutorListQuerySchema,
  tutorSearchSchema,
  tutorTimeOfWeek,
  weekQuerySchema,
  weeklySlotSchema,
} from '../src';
import type { AvailabilityWeek } from '../src';
import {
  availabilityForWeek,
  checkBooking,
  freeRescheduleStartTimes,
  freeStartTimes,
  WEEKLY_SLOTS_MAX,
} from '../src/booking';
import type { WeeklySlot } from '../src/booking';
import { Weekday, WEEKDAYS } from '../src/enums';
import { isValidationCode } from '../src/errors';
import { cairoWeekBounds } from '../src/time';
import { codeOf, codesOf, parsed, repeat } from './helpers';

const at = (iso: string): Date => new Date(iso);
const pad = (n: number): string => String(n).padStart(2, '0');

/** Every issue's message is a catalogue validation code (not zod's own English). */
function expectCatalogueCodes(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  for (const issue of result.error?.issues ?? []) {
    expect(isValidationCode(issue.message), `${issue.message} at ${issue.path.join('.')}`).toBe(
      true,
    );
  }
}

const FULL_WEEK: WeeklySlot[] = WEEKDAYS.flatMap((weekday) =>
  Array.from({ length: 96 }, (_, i) => ({
    weekday,
    start: `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`,
    length: 15 as const,
  })),
);

describe('lesson start and duration', () => {
  it('takes an ISO instant with an offset on the quarter hour', () => {
    expect(parsed(lessonStartSchema, '2025-03-12T12:00:00Z')).toEqual(at('2025-03-12T12:00:00Z'));
    expect(parsed(lessonStartSchema, '2025-03-12T14:45:00+02:00')).toEqual(
      at('2025-03-12T12:45:00Z'),
    );
    expect(parsed(lessonStartSchema, '2025-03-12T12:15:00.000Z')).toEqual(
      at('2025-03-12T12:15:00Z'),
    );
  });

  it('refuses a local time, a time off the grid, and junk', () => {
    expect(codeOf(lessonStartSchema, '2025-03-12T12:00:00')).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, '2025-03-12T12:10:00Z')).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, '2025-03-12T12:00:30Z')).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, '2025-03-12T12:00:00.001Z')).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, 'tomorrow')).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, 1_741_780_800_000)).toBe('invalid-type');
    expect(codeOf(lessonStartSchema, undefined)).toBe('required');
    expectCatalogueCodes(lessonStartSchema, '2025-03-12T12:10:00Z');
  });

  it('takes 15 or 30 minutes only', () => {
    expect(parsed(lessonDurationSchema, 15)).toBe(15);
    expect(parsed(lessonDurationSchema, 30)).toBe(30);
    for (const bad of [0, 14, 16, 29, 31, 45, 60, '30', 30.5]) {
      expect(codeOf(lessonDurationSchema, bad)).toBe('invalid-type');
    }
    expect(codeOf(lessonDurationSchema, null)).toBe('required');
  });
});

describe('POST /lesson/ and PATCH /lesson', () => {
  const body = { tutorId: 4, start: '2025-03-12T12:00:00Z', duration: 30 };

  it('book: a tutor, a start and a duration', () => {
    expect(parsed(bookLessonBodySchema, body)).toEqual({
      tutorId: 4,
      start: at('2025-03-12T12:00:00Z'),
      duration: 30,
    });
    expect(codesOf(bookLessonBodySchema, {})).toEqual(['required', 'required', 'required']);
    for (const tutorId of [0, -1, 1.5, '4']) {
      expect(codeOf(bookLessonBodySchema, { ...body, tutorId })).toBe('invalid-type');
    }
    expectCatalogueCodes(bookLessonBodySchema, { tutorId: 'x', start: 5, duration: 45 });
  });

  it('reschedule: the lesson id, a start and a duration', () => {
    const move = { id: 9, start: '2025-03-12T12:15:00+00:00', duration: 15 };
    expect(parsed(rescheduleLessonBodySchema, move)).toEqual({
      id: 9,
      start: at('2025-03-12T12:15:00Z'),
      duration: 15,
    });
    expect(codeOf(rescheduleLessonBodySchema, { ...move, id: undefined })).toBe('required');
    expect(codeOf(rescheduleLessonBodySchema, { ...move, id: 0 })).toBe('invalid-type');
    expect(codeOf(rescheduleLessonBodySchema, { ...move, duration: 20 })).toBe('invalid-type');
  });

  it('lesson and tutor ids in paths', () => {
    expect(parsed(lessonIdParamsSchema, { id: '12' })).toEqual({ id: 12 });
    expect(parsed(tutorInfoParamsSchema, { id: '3' })).toEqual({ id: 3 });
    for (const id of ['0', '-2', '1.5', 'abc']) {
      expect(codeOf(lessonIdParamsSchema, { id })).toBe('invalid-type');
    }
  });
});

describe('GET /lesson/list and /lesson/attended/stats', () => {
  it('list: paging, state, when, the other side, order', () => {
    expect(parsed(lessonListQuerySchema, {})).toEqual({ page: 1, size: 10 });
    expect(
      parsed(lessonListQuerySchema, {
        state: 'ratified',
        when: 'future',
        tutorId: '3',
        order: 'asc',
        page: '2',
        size: '100',
      }),
    ).toEqual({ state: 'ratified', when: 'future', tutorId: 3, order: 'asc', page: 2, size: 100 });
    expect(parsed(lessonListQuerySchema, { state: 'canceled', when: 'now' })).toMatchObject({
      state: 'canceled',
      when: 'now',
    });
    expect(parsed(lessonListQuerySchema, { state: '', when: '', studentId: '' })).toEqual({
      page: 1,
      size: 10,
    });
    expect(codeOf(lessonListQuerySchema, { state: 'cancelled' })).toBe('invalid-type');
    expect(codeOf(lessonListQuerySchema, { when: 'today' })).toBe('invalid-type');
    expect(codeOf(lessonListQuerySchema, { order: 'up' })).toBe('invalid-type');
    expect(codeOf(lessonListQuerySchema, { studentId: '0' })).toBe('invalid-type');
    expect(codeOf(lessonListQuerySchema, { size: '101' })).toBe('invalid-page-size');
    expect(codeOf(lessonListQuerySchema, { page: '0' })).toBe('invalid-page');
  });

  it('stats: 1 to 52 weeks back, 12 by default', () => {
    expect(parsed(lessonStatsQuerySchema, {})).toEqual({ weeks: LESSON_STATS_WEEKS_DEFAULT });
    expect(parsed(lessonStatsQuerySchema, { weeks: '' })).toEqual({ weeks: 12 });
    expect(parsed(lessonStatsQuerySchema, { weeks: '1', userId: '7' })).toEqual({
      weeks: 1,
      userId: 7,
    });
    expect(parsed(lessonStatsQuerySchema, { weeks: String(LESSON_STATS_WEEKS_MAX) })).toEqual({
      weeks: 52,
    });
    for (const weeks of ['0', '53', '2.5', 'many']) {
      expect(codeOf(lessonStatsQuerySchema, { weeks })).toBe('invalid-type');
    }
  });
});

describe('the weekly schedule: POST and GET /availability-slot/', () => {
  it('a slot: weekday, HH:MM on the quarter hour, 15 or 30 minutes', () => {
    const s = { weekday: Weekday.Saturday, start: '00:00', length: 30 };
    expect(parsed(weeklySlotSchema, s)).toEqual(s);
    expect(parsed(weeklySlotSchema, { ...s, start: '23:45', length: 15 })).toMatchObject({
      start: '23:45',
    });
    for (const weekday of WEEKDAYS) expect(codeOf(weeklySlotSchema, { ...s, weekday })).toBeNull();
    for (const start of ['24:00', '10:10', '9:00', '09:00:00', '١٠:٠٠', '', ' 10:00']) {
      expect(codeOf(slotStartSchema, start)).toBe('invalid-type');
    }
    expect(codeOf(weeklySlotSchema, { ...s, weekday: 7 })).toBe('invalid-type');
    expect(codeOf(weeklySlotSchema, { ...s, weekday: '1' })).toBe('invalid-type');
    expect(codeOf(weeklySlotSchema, { ...s, length: 45 })).toBe('invalid-type');
    expect(codesOf(weeklySlotSchema, {})).toEqual(['required', 'required', 'required']);
  });

  it('a slot ends by Friday 24:00', () => {
    const late = { weekday: Weekday.Friday, start: '23:45', length: 30 };
    const result = weeklySlotSchema.safeParse(late);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['length', 'invalid-type'],
    ]);
    expect(codeOf(weeklySlotSchema, { ...late, length: 15 })).toBeNull();
    expect(codeOf(weeklySlotSchema, { ...late, weekday: Weekday.Thursday })).toBeNull();
  });

  it('the body: the whole week, empty to every quarter hour', () => {
    expect(parsed(availabilityBodySchema, { slots: [] })).toEqual({ slots: [] });
    expect(FULL_WEEK).toHaveLength(WEEKLY_SLOTS_MAX);
    expect(codeOf(availabilityBodySchema, { slots: FULL_WEEK })).toBeNull();
    expect(codeOf(availabilityBodySchema, { slots: [...FULL_WEEK, FULL_WEEK[0]] })).toBe(
      'invalid-type',
    );
    expect(codeOf(availabilityBodySchema, {})).toBe('required');
    expect(codeOf(availabilityBodySchema, { slots: 'all' })).toBe('invalid-type');
    const bad = availabilityBodySchema.safeParse({
      slots: [
        { weekday: 1, start: '10:00', length: 30 },
        { weekday: 1, start: '10:05' },
      ],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['slots.1.start', 'invalid-type'],
      ['slots.1.length', 'required'],
    ]);
  });

  it('overlapping slots pass the shape check; checkScheduleChange refuses them', () => {
    const overlapping = [
      { weekday: 1, start: '10:00', length: 30 },
      { weekday: 1, start: '10:15', length: 15 },
    ];
    expect(codeOf(availabilityBodySchema, { slots: overlapping })).toBeNull();
  });

  it('the week query: any Cairo date of the week, read as its Saturday 00:00', () => {
    expect(parsed(availabilityQuerySchema, {})).toEqual({});
    expect(parsed(availabilityQuerySchema, { tutorId: '5', week: '2025-03-12' })).toEqual({
      tutorId: 5,
      week: at('2025-03-07T22:00:00Z'),
    });
    // A Saturday is its own week's start; the clock-change weeks keep their Saturdays.
    expect(parsed(weekQuerySchema, '2025-03-08')).toEqual(at('2025-03-07T22:00:00Z'));
    expect(parsed(weekQuerySchema, '2025-04-25')).toEqual(at('2025-04-18T22:00:00Z'));
    expect(parsed(weekQuerySchema, '2025-04-26')).toEqual(at('2025-04-25T21:00:00Z'));
    expect(parsed(weekQuerySchema, '2025-10-30')).toEqual(at('2025-10-24T21:00:00Z'));
    expect(parsed(weekQuerySchema, '2025-11-01')).toEqual(at('2025-10-31T22:00:00Z'));
    expect(parsed(weekQuerySchema, '2020-01-01')).toEqual(
      cairoWeekBounds(at('2020-01-01T10:00:00Z')).start,
    );
    expect(codeOf(weekQuerySchema, '2100-12-31')).toBeNull();
    for (const week of [
      '2025-02-30',
      '2025-13-01',
      '2025-3-8',
      '2019-12-31',
      '2101-01-01',
      'now',
    ]) {
      expect(codeOf(weekQuerySchema, week)).toBe('invalid-type');
    }
    expect(parsed(availabilityQuerySchema, { week: '' })).toEqual({});
    expect(codeOf(availabilityQuerySchema, { tutorId: 'me' })).toBe('invalid-type');
  });

  it('an AvailabilityWeek gives the dialog the same free times as the server', () => {
    const now = at('2025-03-12T08:00:00Z');
    const week = cairoWeekBounds(now);
    const thursday = FULL_WEEK.filter((s) => s.weekday === Weekday.Thursday);
    const slots = availabilityForWeek(thursday, now);
    // Thursday 10:00 Cairo.
    const ownLesson = { start: at('2025-03-13T08:00:00Z'), end: at('2025-03-13T08:30:00Z') };
    const answer: AvailabilityWeek = {
      tutorId: 4,
      weekStart: week.start.toISOString(),
      weekEnd: week.end.toISOString(),
      template: thursday,
      slots: slots.map(isoRangeOf),
      busy: [{ ...isoRangeOf(ownLesson), lessonId: 70 }, isoRangeOf(ownLesson)],
      noticePeriod: 30,
      bookable: true,
      now: now.toISOString(),
    };
    const tutorTime = tutorTimeOfWeek(answer, now);
    expect(tutorTime.availability).toEqual(slots);
    expect(tutorTime.busy[0]).toEqual({ ...ownLesson, lessonId: 70 });
    expect(tutorTime.busy[1]).toEqual(ownLesson);
    expect(tutorTime.tutor).toEqual({ listed: true, noticePeriod: 30 });
    const student = {
      verifiedEmail: true,
      subscription: { trial: false, remainingMinutes: 60, endsAt: at('2026-01-01T00:00:00Z') },
      hasUpcomingLesson: false,
    };
    const offered = freeStartTimes({ ...tutorTime, student }, 30);
    // Every quarter hour of Thursday but 23:45 (runs past the day) and 09:45-10:15 (the lesson).
    expect(offered).toHaveLength(96 - 1 - 3);
    for (const start of offered) {
      expect(checkBooking({ ...tutorTime, student, start, duration: 30 })).toEqual({ ok: true });
    }
    expect(timeRangeOf(isoRangeOf(ownLesson))).toEqual(ownLesson);
    expect(
      freeRescheduleStartTimes(
        { ...tutorTime, student },
        { id: 70, start: ownLesson.start, duration: 30 },
        30,
      ),
    ).toEqual(offered);
  });
});

describe('GET /user/tutor/list/onboarded', () => {
  it('defaults: page 1, ten a page, soonest free time first', () => {
    expect(parsed(tutorListQuerySchema, {})).toEqual({ page: 1, size: 10, sort: 'next-free-time' });
    for (const sort of TUTOR_LIST_SORTS) {
      expect(parsed(tutorListQuerySchema, { sort })).toMatchObject({ sort });
    }
    expect(codeOf(tutorListQuerySchema, { sort: 'price' })).toBe('invalid-type');
    expect(codeOf(tutorListQuerySchema, { size: '101' })).toBe('invalid-page-size');
    expect(codeOf(tutorListQuerySchema, { size: '0' })).toBe('invalid-page-size');
  });

  it('search is plain text: spaces collapsed, 100 characters at most, no control codes', () => {
    expect(parsed(tutorSearchSchema, '  أحمد   محمد ')).toBe('أحمد محمد');
    expect(parsed(tutorSearchSchema, '   ')).toBeUndefined();
    expect(parsed(tutorSearchSchema, undefined)).toBeUndefined();
    // Pattern characters stay plain text; the server escapes LIKE wildcards.
    expect(parsed(tutorSearchSchema, '.*[a-z]+ 100% _x_ \\')).toBe('.*[a-z]+ 100% _x_ \\');
    expect(codeOf(tutorSearchSchema, repeat('م', TUTOR_SEARCH_MAX_LENGTH))).toBeNull();
    expect(codeOf(tutorSearchSchema, repeat('م', TUTOR_SEARCH_MAX_LENGTH + 1))).toBe(
      'invalid-type',
    );
    // Counted in characters, not UTF-16 units: 100 emoji are 100 characters.
    expect(codeOf(tutorSearchSchema, repeat('😀', TUTOR_SEARCH_MAX_LENGTH))).toBeNull();
    expect(codeOf(tutorSearchSchema, `a${' '.repeat(500)}b`)).toBeNull();
    expect(codeOf(tutorSearchSchema, 'abc\u0000')).toBe('invalid-type');
    expect(codeOf(tutorSearchSchema, ['a', 'b'])).toBe('invalid-type');
    expect(codeOf(tutorSearchSchema, 5)).toBe('invalid-type');
  });

  it('filters: topic, gender, free this week, minimum rating', () => {
    expect(
      parsed(tutorListQuerySchema, {
        search: 'نحو',
        topic: '2',
        gender: 'female',
        freeThisWeek: 'true',
        minRating: '4.5',
        page: '3',
        size: '20',
      }),
    ).toEqual({
      search: 'نحو',
      topic: 2,
      gender: 'female',
      freeThisWeek: true,
      minRating: 4.5,
      page: 3,
      size: 20,
      sort: 'next-free-time',
    });
    expect(parsed(tutorListQuerySchema, { freeThisWeek: 'false' })).toMatchObject({
      freeThisWeek: false,
    });
    expect(
      parsed(tutorListQuerySchema, { topic: '', gender: '', freeThisWeek: '', minRating: '' }),
    ).toEqual({ page: 1, size: 10, sort: 'next-free-time' });
    expect(parsed(tutorListQuerySchema, { minRating: '1' })).toMatchObject({ minRating: 1 });
    expect(parsed(tutorListQuerySchema, { minRating: '5' })).toMatchObject({ minRating: 5 });
    for (const minRating of ['0.9', '5.1', 'good']) {
      expect(codeOf(tutorListQuerySchema, { minRating })).toBe('invalid-type');
    }
    expect(codeOf(tutorListQuerySchema, { gender: 'other' })).toBe('invalid-type');
    expect(codeOf(tutorListQuerySchema, { freeThisWeek: 'yes' })).toBe('invalid-type');
    expect(codeOf(tutorListQuerySchema, { topic: 'grammar' })).toBe('invalid-type');
    expectCatalogueCodes(tutorListQuerySchema, {
      search: 'x'.repeat(101),
      topic: 'x',
      gender: 'x',
      freeThisWeek: 'x',
      minRating: 'x',
      sort: 'x',
      page: 'x',
      size: 'x',
    });
  });
});
