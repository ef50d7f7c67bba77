import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCairoDays,
  cairoParts,
  cairoUtcOffsetMinutes,
  cairoWeekBounds,
  cairoWeekday,
  formatCairoDate,
  formatCairoDateTime,
  formatCairoDayMonth,
  formatCairoTime,
  formatCairoWeekday,
  fromCairoLocal,
  isDeviceClockSkewed,
  isInCurrentWeek,
  reapplyAllowedFrom,
  startOfCairoDay,
} from '../src/time';

const HOUR = 3_600_000;
const at = (iso: string): Date => new Date(iso);

/**
 * What a Cairo wall clock shows, read through Intl directly (not through the code under test),
 * so the properties check the helpers against the platform's tz data.
 */
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

/** Enough runs to land in many weeks holding a clock change (two of every 52 since 2023). */
const runs = { numRuns: 1000 };

const instants = fc.date({
  min: at('2020-01-01T00:00:00Z'),
  max: at('2035-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('the tz data knows Egypt’s daylight-saving time', () => {
  it.each([
    // 2024: Friday 26 April 00:00 -> 01:00; Thursday 31 October 24:00 -> 23:00.
    ['2024-04-25T21:59:00Z', 120],
    ['2024-04-25T22:00:00Z', 180],
    ['2024-10-31T20:59:00Z', 180],
    ['2024-10-31T21:00:00Z', 120],
    // 2025: Friday 25 April 00:00 -> 01:00; Thursday 30 October 24:00 -> 23:00.
    ['2025-04-24T21:59:00Z', 120],
    ['2025-04-24T22:00:00Z', 180],
    ['2025-10-30T20:59:00Z', 180],
    ['2025-10-30T21:00:00Z', 120],
    // No DST in 2022.
    ['2022-07-01T12:00:00Z', 120],
  ])('offset at %s is %i minutes', (iso, offset) => {
    expect(cairoUtcOffsetMinutes(at(iso))).toBe(offset);
  });

  it('the spring jump skips Friday 00:00-00:59 and the autumn fall repeats Thursday 23:00', () => {
    expect(wallClock(at('2024-04-25T21:59:59Z'))).toBe('Thursday 23:59:59');
    expect(wallClock(at('2024-04-25T22:00:00Z'))).toBe('Friday 01:00:00');
    expect(wallClock(at('2024-10-31T20:59:59Z'))).toBe('Thursday 23:59:59');
    expect(wallClock(at('2024-10-31T21:00:00Z'))).toBe('Thursday 23:00:00');
    expect(wallClock(at('2025-04-24T22:00:00Z'))).toBe('Friday 01:00:00');
    expect(wallClock(at('2025-10-30T21:00:00Z'))).toBe('Thursday 23:00:00');
  });
});

describe('cairoWeekBounds', () => {
  it('starts the week on Saturday 00:00 Cairo: Friday 23:59 and Saturday 00:00 differ', () => {
    const friday = cairoWeekBounds(at('2025-01-10T21:59:00Z')); // Fri 23:59 EET
    const saturday = cairoWeekBounds(at('2025-01-10T22:00:00Z')); // Sat 00:00 EET
    expect(friday).toEqual({ start: at('2025-01-03T22:00:00Z'), end: at('2025-01-10T22:00:00Z') });
    expect(saturday).toEqual({
      start: at('2025-01-10T22:00:00Z'),
      end: at('2025-01-17T22:00:00Z'),
    });
  });

  it.each([
    ['spring 2024', '2024-04-26T12:00:00Z', '2024-04-19T22:00:00Z', '2024-04-26T21:00:00Z', 167],
    ['autumn 2024', '2024-10-31T21:30:00Z', '2024-10-25T21:00:00Z', '2024-11-01T22:00:00Z', 169],
    ['spring 2025', '2025-04-25T00:00:00Z', '2025-04-18T22:00:00Z', '2025-04-25T21:00:00Z', 167],
    ['autumn 2025', '2025-10-30T20:30:00Z', '2025-10-24T21:00:00Z', '2025-10-31T22:00:00Z', 169],
    ['a winter week', '2025-01-15T12:00:00Z', '2025-01-10T22:00:00Z', '2025-01-17T22:00:00Z', 168],
  ])('%s week is %s hours long', (_name, instant, start, end, hours) => {
    const bounds = cairoWeekBounds(at(instant));
    expect(bounds).toEqual({ start: at(start), end: at(end) });
    expect((bounds.end.getTime() - bounds.start.getTime()) / HOUR).toBe(hours);
  });

  it('holds the instant: start <= t < end', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const { start, end } = cairoWeekBounds(t);
        return start.getTime() <= t.getTime() && t.getTime() < end.getTime();
      }),
      runs,
    );
  });

  it('starts and ends on Saturday 00:00 Cairo, the end being the next week’s start', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const { start, end } = cairoWeekBounds(t);
        expect(wallClock(start)).toBe('Saturday 00:00:00');
        expect(wallClock(end)).toBe('Saturday 00:00:00');
        expect(start.getMilliseconds()).toBe(0);
        expect(cairoWeekBounds(end).start).toEqual(end);
      }),
      runs,
    );
  });

  it('gives every instant of a week the same bounds', () => {
    fc.assert(
      fc.property(
        instants,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (t, f) => {
          const bounds = cairoWeekBounds(t);
          const length = bounds.end.getTime() - bounds.start.getTime();
          const other = new Date(bounds.start.getTime() + Math.floor(f * length));
          expect(cairoWeekBounds(other)).toEqual(bounds);
        },
      ),
      runs,
    );
  });

  it('lasts 7 days, give or take the hour of a clock change', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const { start, end } = cairoWeekBounds(t);
        return [167, 168, 169].includes((end.getTime() - start.getTime()) / HOUR);
      }),
      runs,
    );
  });

  it('refuses an invalid date', () => {
    expect(() => cairoWeekBounds(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isInCurrentWeek', () => {
  const now = at('2025-01-15T12:00:00Z'); // Wednesday

  it('includes the week’s first instant and excludes its end', () => {
    expect(isInCurrentWeek(at('2025-01-10T22:00:00Z'), now)).toBe(true);
    expect(isInCurrentWeek(at('2025-01-17T21:59:59.999Z'), now)).toBe(true);
    expect(isInCurrentWeek(at('2025-01-17T22:00:00Z'), now)).toBe(false);
    expect(isInCurrentWeek(at('2025-01-10T21:59:59.999Z'), now)).toBe(false);
  });
});

describe('days in Cairo', () => {
  it('starts a day at Cairo midnight', () => {
    expect(startOfCairoDay(at('2025-01-15T21:59:00Z'))).toEqual(at('2025-01-14T22:00:00Z'));
    expect(startOfCairoDay(at('2025-01-15T22:00:00Z'))).toEqual(at('2025-01-15T22:00:00Z'));
  });

  it('starts the spring switch day at 01:00, the instant of the jump', () => {
    expect(startOfCairoDay(at('2024-04-26T12:00:00Z'))).toEqual(at('2024-04-25T22:00:00Z'));
  });

  it('starts the autumn switch day at summer midnight; that day lasts 25 hours', () => {
    const secondEleven = at('2024-10-31T21:30:00Z'); // Thursday 23:30, second time
    expect(startOfCairoDay(secondEleven)).toEqual(at('2024-10-30T21:00:00Z'));
    expect(startOfCairoDay(at('2024-11-01T10:00:00Z'))).toEqual(at('2024-10-31T22:00:00Z'));
  });

  it('keeps start of day at or before the instant and on the same Cairo date', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const start = startOfCairoDay(t);
        const parts = cairoParts(start);
        const same = cairoParts(t);
        expect(start.getTime()).toBeLessThanOrEqual(t.getTime());
        expect([parts.year, parts.month, parts.day]).toEqual([same.year, same.month, same.day]);
        expect(parts.minute).toBe(0);
        expect(parts.hour === 0 || (parts.hour === 1 && parts.weekday === 5)).toBe(true);
      }),
    );
  });

  it('tells the Cairo weekday, not the UTC one', () => {
    expect(cairoWeekday(at('2025-01-10T21:59:00Z'))).toBe(5); // Friday 23:59 in Cairo
    expect(cairoWeekday(at('2025-01-10T22:00:00Z'))).toBe(6); // Saturday 00:00 in Cairo
  });

  it('adds days on the wall clock across a clock change', () => {
    const thursday = at('2024-04-25T08:00:00Z'); // Thursday 10:00 EET
    expect(addCairoDays(thursday, 1)).toEqual(at('2024-04-26T07:00:00Z')); // Friday 10:00 EEST
    expect(addCairoDays(addCairoDays(thursday, 1), -1)).toEqual(thursday);
  });

  it('builds instants from Cairo wall-clock times', () => {
    expect(fromCairoLocal({ year: 2025, month: 1, day: 11 })).toEqual(at('2025-01-10T22:00:00Z'));
    expect(fromCairoLocal({ year: 2025, month: 7, day: 1, hour: 9, minute: 30 })).toEqual(
      at('2025-07-01T06:30:00Z'),
    );
    // 00:30 on the spring switch day does not exist: it moves forward by the gap.
    expect(fromCairoLocal({ year: 2024, month: 4, day: 26, minute: 30 })).toEqual(
      at('2024-04-25T22:30:00Z'),
    );
  });

  it('round-trips wall-clock parts', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const whole = new Date(Math.floor(t.getTime() / 60_000) * 60_000);
        const parts = cairoParts(whole);
        const back = fromCairoLocal(parts);
        // The repeated autumn hour maps back to its second occurrence.
        return back.getTime() === whole.getTime() || back.getTime() === whole.getTime() + HOUR;
      }),
    );
  });

  it('counts reapplication months on the Cairo calendar', () => {
    expect(reapplyAllowedFrom(at('2025-01-31T10:00:00Z'), 3)).toEqual(at('2025-04-30T09:00:00Z'));
  });
});

describe('device clock', () => {
  const server = at('2025-01-01T12:00:00Z');

  it('warns beyond two minutes of difference either way', () => {
    expect(isDeviceClockSkewed(at('2025-01-01T12:02:00Z'), server)).toBe(false);
    expect(isDeviceClockSkewed(at('2025-01-01T12:02:00.001Z'), server)).toBe(true);
    expect(isDeviceClockSkewed(at('2025-01-01T11:57:59.999Z'), server)).toBe(true);
  });
});

describe('Arabic formatting in Cairo time', () => {
  const saturdayMorning = at('2024-04-26T22:00:00Z'); // Saturday 27 April 01:00 EEST

  it('formats dates, times and weekdays in ar-EG', () => {
    expect(formatCairoDate(saturdayMorning)).toBe('السبت، ٢٧ أبريل ٢٠٢٤');
    expect(formatCairoTime(saturdayMorning)).toBe('١:٠٠ ص');
    expect(formatCairoTime(at('2024-04-27T18:05:00Z'))).toBe('٩:٠٥ م');
    expect(formatCairoDateTime(saturdayMorning)).toContain('السبت، ٢٧ أبريل ٢٠٢٤');
    expect(formatCairoWeekday(saturdayMorning)).toBe('السبت');
    expect(formatCairoDayMonth(saturdayMorning)).toBe('٢٧ أبريل');
  });

  it('uses Cairo’s date even when UTC is still on the previous day', () => {
    expect(formatCairoDate(at('2025-01-10T22:30:00Z'), 'en-GB')).toBe('Saturday, 11 January 2025');
  });
});
