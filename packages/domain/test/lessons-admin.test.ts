import { describe, expect, it } from 'vitest';
import {
  adminCancelLessonSchema,
  cairoDateOf,
  cairoDaysRange,
  cancelLessonBodySchema,
  isCairoDate,
  LESSON_CANCEL_REASON_BOUNDS,
  lessonDayRangeProblem,
  lessonListQuerySchema,
} from '../src';

// The admin's lessons (issue 23 item 2; decisions 344 and 346): the reason an admin gives, and
// the list's Cairo-day range.

const codesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('Cairo days', () => {
  it('knows a real YYYY-MM-DD day', () => {
    expect(['2026-11-27', '2028-02-29'].map(isCairoDate)).toEqual([true, true]);
    expect(
      ['2026-02-29', '2026-13-01', '2026-11-31', '27-11-2026', '2026-1-5', ''].map(isCairoDate),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('turns days into instants in Cairo, both ends included, across a clock change', () => {
    // Winter (UTC+2): 27 November from 22:00 UTC the day before.
    expect(cairoDaysRange('2026-11-27', '2026-11-28')).toEqual({
      start: new Date('2026-11-26T22:00:00Z'),
      end: new Date('2026-11-28T22:00:00Z'),
    });
    // Friday 24 April 2026 the clocks jump from 00:00 to 01:00: a 23-hour day.
    const spring = cairoDaysRange('2026-04-24', '2026-04-24');
    expect(spring).toEqual({
      start: new Date('2026-04-23T22:00:00Z'),
      end: new Date('2026-04-24T21:00:00Z'),
    });
    expect(cairoDateOf(new Date('2026-04-23T21:59:59Z'))).toBe('2026-04-23');
    expect(cairoDateOf(new Date('2026-04-23T22:00:00Z'))).toBe('2026-04-24');
    expect(cairoDaysRange(undefined, undefined)).toEqual({ start: undefined, end: undefined });
    expect(() => cairoDaysRange('2026-02-30', undefined)).toThrow(RangeError);
  });

  it('refuses a bad day or a reversed range in the list’s query', () => {
    const parse = (query: Record<string, string>) => lessonListQuerySchema.safeParse(query);
    expect(parse({ from: '2026-11-01', to: '2026-11-01', status: 'pending' }).success).toBe(true);
    expect(codesOf(parse({ from: '2026-11-31' }))).toEqual(['invalid-date']);
    expect(codesOf(parse({ from: '2026-02-29' }))).toEqual(['invalid-date']);
    expect(lessonDayRangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe(
      'invalid-date-range',
    );
    expect(lessonDayRangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(lessonDayRangeProblem({ to: '2026-11-01' })).toBeUndefined();
    expect(codesOf(parse({ status: 'canceled' }))).toEqual(['invalid-type']);
    expect(parse({ from: '', to: '', status: '' }).data).toMatchObject({
      from: undefined,
      to: undefined,
      status: undefined,
    });
  });
});

describe('an admin’s cancel', () => {
  it('needs the member and a reason of 5 to 500 characters, trimmed', () => {
    const parse = (body: unknown) => adminCancelLessonSchema.safeParse(body);
    expect(parse({ onBehalfOf: 'tutor', reason: '  المعلم مريض  ' }).data).toEqual({
      onBehalfOf: 'tutor',
      reason: 'المعلم مريض',
    });
    expect(codesOf(parse({}))).toEqual(['required', 'required']);
    expect(codesOf(parse({ onBehalfOf: 'self', reason: 'سبب واضح' }))).toEqual(['invalid-type']);
    expect(codesOf(parse({ onBehalfOf: 'student', reason: '    ' }))).toEqual(['required']);
    expect(codesOf(parse({ onBehalfOf: 'student', reason: 'ابدأ' }))).toEqual([
      'lesson-cancel-reason-too-short',
    ]);
    const longest = 'س'.repeat(LESSON_CANCEL_REASON_BOUNDS.max);
    expect(parse({ onBehalfOf: 'student', reason: longest }).success).toBe(true);
    expect(codesOf(parse({ onBehalfOf: 'student', reason: `${longest}س` }))).toEqual([
      'lesson-cancel-reason-too-long',
    ]);
    expect(codesOf(parse({ onBehalfOf: 'student', reason: 'سبب\u0000واضح' }))).toEqual([
      'invalid-type',
    ]);
  });

  it('lets a member send no body at all', () => {
    expect(cancelLessonBodySchema.safeParse(undefined).success).toBe(true);
    expect(cancelLessonBodySchema.safeParse(null).success).toBe(true);
    expect(cancelLessonBodySchema.safeParse({}).success).toBe(true);
    expect(cancelLessonBodySchema.safeParse({ onBehalfOf: 'self' }).success).toBe(false);
  });
});
