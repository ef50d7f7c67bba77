import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../src/enums';
import { SubscriptionState } from '../src';
import {
  FREE_TRIAL_MINUTES,
  isSubscriptionCancellable,
  quotaWeekStart,
  SUBSCRIPTION_CANCEL_MAX_LESSONS,
  subscriptionEndsAt,
  subscriptionStateAt,
  weeklyQuota,
} from '../src/subscriptions/rules';
import type { QuotaSubscription } from '../src/subscriptions/rules';
import { cairoWeekBounds } from '../src/time';

const at = (iso: string): Date => new Date(iso);
const HOUR = 3_600_000;
const runs = { numRuns: 1000 };

/** What a Cairo wall clock shows, read through Intl directly (not the code under test). */
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Cairo',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
function wallClock(instant: Date): string {
  const part = (type: string) => clock.formatToParts(instant).find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const subscription = (fields: Partial<QuotaSubscription> = {}): QuotaSubscription => ({
  period: PlanPeriod.Month,
  weeklyMinutes: 120,
  consumedMinutes: 0,
  weekStartedAt: at('2025-01-01T10:00:00Z'),
  startsAt: at('2025-01-01T10:00:00Z'),
  endsAt: at('2026-01-01T10:00:00Z'),
  canceledAt: null,
  ...fields,
});

const instants = fc.date({
  min: at('2023-01-01T00:00:00Z'),
  max: at('2034-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const paidPeriods = fc.constantFrom(PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.Year);

/** A paid subscription that started some time before `now`, with some consumption recorded. */
const liveRow = fc
  .record({
    now: instants,
    startedBefore: fc.integer({ min: 0, max: 400 * 24 * HOUR }),
    weekStartedBefore: fc.integer({ min: 0, max: 60 * 24 * HOUR }),
    weeklyMinutes: fc.integer({ min: 1, max: 10_080 }),
    consumedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    period: paidPeriods,
  })
  .map(({ now, startedBefore, weekStartedBefore, weeklyMinutes, consumedShare, period }) => {
    const startsAt = new Date(now.getTime() - startedBefore);
    // As the server writes it: the start, or a later Cairo week's Saturday 00:00.
    const consumedAt = Math.max(startsAt.getTime(), now.getTime() - weekStartedBefore);
    const weekStartedAt = new Date(
      Math.max(startsAt.getTime(), cairoWeekBounds(new Date(consumedAt)).start.getTime()),
    );
    return {
      now,
      row: subscription({
        period,
        weeklyMinutes,
        consumedMinutes: Math.floor(weeklyMinutes * consumedShare),
        startsAt,
        weekStartedAt,
        endsAt: subscriptionEndsAt(startsAt, period),
      }),
    };
  });

describe('weeklyQuota at the Cairo week boundary', () => {
  // Saturday 11 January 2025 00:00 Cairo (winter, UTC+2) is 2025-01-10T22:00Z.
  const row = subscription({ consumedMinutes: 90, weekStartedAt: at('2025-01-03T22:00:00Z') });

  it('keeps the consumption on Friday 23:59 and restores the minutes at Saturday 00:00', () => {
    const friday = weeklyQuota(row, at('2025-01-10T21:59:00Z'));
    expect(friday).toEqual({
      weekStart: at('2025-01-03T22:00:00Z'),
      consumed: 90,
      remaining: 30,
      nextRenewalAt: at('2025-01-10T22:00:00Z'),
    });
    expect(wallClock(at('2025-01-10T21:59:00Z'))).toBe('Friday 23:59:00');
    const saturday = weeklyQuota(row, at('2025-01-10T22:00:00Z'));
    expect(saturday).toEqual({
      weekStart: at('2025-01-10T22:00:00Z'),
      consumed: 0,
      remaining: 120,
      nextRenewalAt: at('2025-01-17T22:00:00Z'),
    });
  });

  it.each([
    // Spring 2024: the clock jumps Friday 26 April 00:00 -> 01:00; the week is 167 hours.
    ['spring 2024', '2024-04-19T22:00:00Z', '2024-04-26T20:59:00Z', '2024-04-26T21:00:00Z'],
    // Autumn 2024: Thursday 31 October 24:00 -> 23:00; the week is 169 hours.
    ['autumn 2024', '2024-10-25T21:00:00Z', '2024-11-01T21:59:00Z', '2024-11-01T22:00:00Z'],
    ['spring 2025', '2025-04-18T22:00:00Z', '2025-04-25T20:59:00Z', '2025-04-25T21:00:00Z'],
    ['autumn 2025', '2025-10-24T21:00:00Z', '2025-10-31T21:59:00Z', '2025-10-31T22:00:00Z'],
  ])('renews exactly at Saturday 00:00 after the %s switch', (_name, weekStart, fri, sat) => {
    const dstRow = subscription({
      startsAt: at('2024-01-01T00:00:00Z'),
      endsAt: at('2026-06-01T00:00:00Z'),
      weekStartedAt: at(weekStart),
      consumedMinutes: 100,
    });
    expect(wallClock(at(fri))).toBe('Friday 23:59:00');
    expect(wallClock(at(sat))).toBe('Saturday 00:00:00');
    const before = weeklyQuota(dstRow, at(fri));
    expect(before).toMatchObject({ consumed: 100, remaining: 20, nextRenewalAt: at(sat) });
    expect(before.weekStart).toEqual(at(weekStart));
    const after = weeklyQuota(dstRow, at(sat));
    expect(after).toMatchObject({ weekStart: at(sat), consumed: 0, remaining: 120 });
    expect(wallClock(after.nextRenewalAt ?? new Date(0))).toBe('Saturday 00:00:00');
  });

  it('keeps the consumption through the switch itself (the same week)', () => {
    const dstRow = subscription({
      startsAt: at('2024-01-01T00:00:00Z'),
      endsAt: at('2026-06-01T00:00:00Z'),
      weekStartedAt: at('2024-04-19T22:00:00Z'),
      consumedMinutes: 60,
    });
    // Thursday 23:59 before the jump and Friday 01:00 after it.
    expect(weeklyQuota(dstRow, at('2024-04-25T21:59:00Z')).consumed).toBe(60);
    expect(weeklyQuota(dstRow, at('2024-04-25T22:00:00Z')).consumed).toBe(60);
  });

  it('gives the first, partial week the whole quota from the start', () => {
    const start = at('2025-01-08T09:00:00Z'); // a Wednesday
    const fresh = subscription({ startsAt: start, weekStartedAt: start, consumedMinutes: 30 });
    expect(weeklyQuota(fresh, at('2025-01-09T09:00:00Z'))).toEqual({
      weekStart: start,
      consumed: 30,
      remaining: 90,
      nextRenewalAt: at('2025-01-10T22:00:00Z'),
    });
    expect(quotaWeekStart(start, at('2025-01-09T09:00:00Z'))).toEqual(start);
    expect(quotaWeekStart(start, at('2025-01-11T09:00:00Z'))).toEqual(at('2025-01-10T22:00:00Z'));
  });

  it('does not promise a renewal after the end or after a cancellation', () => {
    const ending = subscription({ endsAt: at('2025-01-12T10:00:00Z') });
    expect(weeklyQuota(ending, at('2025-01-11T10:00:00Z')).nextRenewalAt).toBeNull();
    expect(weeklyQuota(ending, at('2025-01-09T10:00:00Z')).nextRenewalAt).toEqual(
      at('2025-01-10T22:00:00Z'),
    );
    const canceled = subscription({ canceledAt: at('2025-01-05T10:00:00Z') });
    expect(weeklyQuota(canceled, at('2025-01-06T10:00:00Z')).nextRenewalAt).toBeNull();
  });

  it('never renews the free trial', () => {
    const trial = subscription({
      period: PlanPeriod.FreeTrial,
      weeklyMinutes: FREE_TRIAL_MINUTES,
      consumedMinutes: FREE_TRIAL_MINUTES,
      endsAt: subscriptionEndsAt(at('2025-01-01T10:00:00Z'), PlanPeriod.FreeTrial),
    });
    const years = weeklyQuota(trial, at('2027-06-05T10:00:00Z'));
    expect(years).toEqual({
      weekStart: trial.weekStartedAt,
      consumed: FREE_TRIAL_MINUTES,
      remaining: 0,
      nextRenewalAt: null,
    });
  });
});

describe('weeklyQuota properties', () => {
  it('adds up: consumed + remaining is the weekly quota, both within bounds', () => {
    fc.assert(
      fc.property(liveRow, ({ now, row }) => {
        const quota = weeklyQuota(row, now);
        expect(quota.consumed + quota.remaining).toBe(row.weeklyMinutes);
        expect(quota.consumed).toBeGreaterThanOrEqual(0);
        expect(quota.remaining).toBeGreaterThanOrEqual(0);
      }),
      runs,
    );
  });

  it('starts the quota week on Saturday 00:00 Cairo (or at the start), at or before now', () => {
    fc.assert(
      fc.property(liveRow, ({ now, row }) => {
        const { weekStart } = weeklyQuota(row, now);
        expect(weekStart.getTime()).toBeLessThanOrEqual(now.getTime());
        if (weekStart.getTime() !== row.startsAt.getTime()) {
          expect(wallClock(weekStart)).toBe('Saturday 00:00:00');
          expect(weekStart).toEqual(cairoWeekBounds(now).start);
        }
      }),
      runs,
    );
  });

  it('renews at the next Saturday 00:00 Cairo, at most 169 hours away', () => {
    fc.assert(
      fc.property(liveRow, ({ now, row }) => {
        const { nextRenewalAt } = weeklyQuota(row, now);
        if (nextRenewalAt === null) {
          expect(cairoWeekBounds(now).end.getTime()).toBeGreaterThanOrEqual(row.endsAt.getTime());
          return;
        }
        expect(wallClock(nextRenewalAt)).toBe('Saturday 00:00:00');
        expect(nextRenewalAt.getTime()).toBeGreaterThan(now.getTime());
        expect(nextRenewalAt.getTime() - now.getTime()).toBeLessThanOrEqual(169 * HOUR);
        expect(nextRenewalAt).toEqual(cairoWeekBounds(now).end);
      }),
      runs,
    );
  });

  it('counts stored minutes only inside the week they were consumed in', () => {
    fc.assert(
      fc.property(liveRow, ({ now, row }) => {
        const { consumed } = weeklyQuota(row, now);
        const sameWeek = row.weekStartedAt.getTime() >= quotaWeekStart(row.startsAt, now).getTime();
        expect(consumed).toBe(sameWeek ? row.consumedMinutes : 0);
      }),
      runs,
    );
  });

  it('restores everything at the renewal: one instant later the week is fresh', () => {
    fc.assert(
      fc.property(liveRow, ({ now, row }) => {
        const { nextRenewalAt, remaining } = weeklyQuota(row, now);
        const justBefore = weeklyQuota(row, new Date((nextRenewalAt ?? now).getTime() - 1));
        if (nextRenewalAt === null) return;
        expect(justBefore.remaining).toBe(remaining);
        const renewed = weeklyQuota(row, nextRenewalAt);
        expect(renewed.consumed).toBe(0);
        expect(renewed.weekStart).toEqual(nextRenewalAt);
      }),
      runs,
    );
  });

  it('is stable once written down: storing the lazy reset changes no answer', () => {
    fc.assert(
      fc.property(liveRow, fc.integer({ min: 0, max: 7 * 24 * HOUR }), ({ now, row }, later) => {
        const quota = weeklyQuota(row, now);
        const stored = { ...row, weekStartedAt: quota.weekStart, consumedMinutes: quota.consumed };
        expect(weeklyQuota(stored, now)).toEqual(quota);
        const afterwards = new Date(now.getTime() + later);
        expect(weeklyQuota(stored, afterwards)).toEqual(weeklyQuota(row, afterwards));
      }),
      runs,
    );
  });
});

describe('subscription dates and states', () => {
  it('lasts the period in Cairo calendar months', () => {
    const start = at('2025-01-31T10:00:00Z'); // 31 January, 12:00 Cairo
    expect(subscriptionEndsAt(start, PlanPeriod.Month)).toEqual(at('2025-02-28T10:00:00Z'));
    expect(subscriptionEndsAt(start, PlanPeriod.Quarter)).toEqual(at('2025-04-30T09:00:00Z'));
    expect(subscriptionEndsAt(start, PlanPeriod.Year)).toEqual(at('2026-01-31T10:00:00Z'));
    expect(subscriptionEndsAt(start, PlanPeriod.FreeTrial).getUTCFullYear()).toBe(2125);
  });

  it('keeps the Cairo wall-clock time across a daylight-saving switch', () => {
    // 1 April 2025 12:00 Cairo (UTC+2) -> 1 May 2025 12:00 Cairo (UTC+3).
    expect(subscriptionEndsAt(at('2025-04-01T10:00:00Z'), PlanPeriod.Month)).toEqual(
      at('2025-05-01T09:00:00Z'),
    );
  });

  it('is active until the end, then ended; cancelled wins', () => {
    const row = subscription();
    expect(subscriptionStateAt(row, at('2025-06-01T00:00:00Z'))).toBe(SubscriptionState.Active);
    expect(subscriptionStateAt(row, row.endsAt)).toBe(SubscriptionState.Ended);
    expect(
      subscriptionStateAt({ ...row, canceledAt: at('2025-02-01T00:00:00Z') }, at('2025-01-15')),
    ).toBe(SubscriptionState.Canceled);
  });

  it('may be cancelled up to the maximum lesson count, not after', () => {
    expect(isSubscriptionCancellable(0)).toBe(true);
    expect(isSubscriptionCancellable(SUBSCRIPTION_CANCEL_MAX_LESSONS)).toBe(true);
    expect(isSubscriptionCancellable(SUBSCRIPTION_CANCEL_MAX_LESSONS + 1)).toBe(false);
  });
});
