/**
 * Time in Africa/Cairo. Instants are plain `Date`s (UTC underneath); calendar questions (which
 * day, which week) are answered in Cairo local time, whatever the zone of the machine asking.
 *
 * Egypt observes daylight-saving time again since 2023: clocks jump from Friday 00:00 to 01:00 on
 * the last Friday of April and fall back from Thursday 24:00 to 23:00 on the last Thursday of
 * October. Weeks start on Saturday 00:00, which always exists exactly once, so a week is 168 hours
 * long except the two weeks holding a switch (167 in spring, 169 in autumn).
 */

import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, startOfDay, startOfWeek } from 'date-fns';
import { LOCALE, TIME_ZONE } from './constants';
import { Weekday } from './enums';

export interface TimeRange {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export const WEEK_STARTS_ON = Weekday.Saturday;

function assertValidDate(instant: Date): void {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
}

/** The same instant seen on a Cairo wall clock, for date-fns calendar arithmetic. */
function inCairo(instant: Date): TZDate {
  assertValidDate(instant);
  return new TZDate(instant.getTime(), TIME_ZONE);
}

/** Back to a plain Date, so callers never carry a zoned object around by accident. */
const plain = (date: Date): Date => new Date(date.getTime());

/**
 * The week last asked for: nearly every call (a booking asks a few dozen times) falls in it, and
 * the zoned arithmetic costs a time-zone lookup each time.
 */
let lastWeek: { start: number; end: number } | undefined;

/** The Cairo week holding `instant`: Saturday 00:00 up to the next Saturday 00:00. */
export function cairoWeekBounds(instant: Date): TimeRange {
  const time = instant.getTime();
  if (lastWeek && lastWeek.start <= time && time < lastWeek.end) {
    return { start: new Date(lastWeek.start), end: new Date(lastWeek.end) };
  }
  const start = startOfWeek(inCairo(instant), { weekStartsOn: WEEK_STARTS_ON });
  const week = { start: plain(start), end: plain(addWeeks(start, 1)) };
  lastWeek = { start: week.start.getTime(), end: week.end.getTime() };
  return week;
}

export function isInRange(instant: Date, range: TimeRange): boolean {
  const time = instant.getTime();
  return range.start.getTime() <= time && time < range.end.getTime();
}

/** Lessons may be booked only inside the current week (spec section 4). */
export const isInCurrentWeek = (instant: Date, now: Date): boolean =>
  isInRange(instant, cairoWeekBounds(now));

/**
 * Midnight in Cairo of the day holding `instant`. On the spring switch day midnight does not
 * exist, and the day starts at 01:00 local time (the instant of the jump).
 */
export const startOfCairoDay = (instant: Date): Date => plain(startOfDay(inCairo(instant)));

export const cairoWeekday = (instant: Date): Weekday => inCairo(instant).getDay() as Weekday;

/**
 * The same Cairo wall-clock time `days` later. A time that falls into the spring gap moves
 * forward by the gap (00:30 becomes 01:30); a doubled autumn hour takes its second occurrence.
 */
export const addCairoDays = (instant: Date, days: number): Date =>
  plain(addDays(inCairo(instant), days));

/** The same Cairo wall-clock time `months` later (end of month clamps, 31 Jan -> 28/29 Feb). */
export const addCairoMonths = (instant: Date, months: number): Date =>
  plain(addMonths(inCairo(instant), months));

export interface CairoLocalTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

/** The instant a Cairo wall clock shows the given local time (gap and overlap as addCairoDays). */
export function fromCairoLocal({ year, month, day, hour = 0, minute = 0 }: CairoLocalTime): Date {
  return plain(new TZDate(year, month - 1, day, hour, minute, TIME_ZONE));
}

export interface CairoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: Weekday;
}

/** What a Cairo wall clock and calendar show at `instant`. */
export function cairoParts(instant: Date): CairoParts {
  const local = inCairo(instant);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    weekday: local.getDay() as Weekday,
  };
}

/** Cairo's offset from UTC in minutes at `instant`: 120 in winter, 180 in summer. */
export const cairoUtcOffsetMinutes = (instant: Date): number =>
  -inCairo(instant).getTimezoneOffset();

/** The first moment a rejected tutor may apply again (months counted on the Cairo calendar). */
export const reapplyAllowedFrom = (rejectedAt: Date, months: number): Date =>
  addCairoMonths(rejectedAt, months);

/** A device clock further off than this from the server's gets a warning (spec section 5). */
export const CLOCK_SKEW_WARNING_MS = 2 * 60_000;

export const isDeviceClockSkewed = (deviceNow: Date, serverNow: Date): boolean =>
  Math.abs(deviceNow.getTime() - serverNow.getTime()) > CLOCK_SKEW_WARNING_MS;

// ---------------------------------------------------------------------------------------------
// Formatting for screens: always in Cairo time, Arabic (ar-EG) by default.

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function cairoFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** Formats `instant` in Cairo time with any Intl options (the time zone is always Cairo). */
export function formatInCairo(
  instant: Date,
  options: Intl.DateTimeFormatOptions,
  locale: string = LOCALE,
): string {
  assertValidDate(instant);
  return cairoFormatter(locale, options).format(instant);
}

/** "السبت، ٢٧ أبريل ٢٠٢٤". */
export const formatCairoDate = (instant: Date, locale: string = LOCALE): string =>
  formatInCairo(
    instant,
    { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    locale,
  );

/** "٩:٠٠ م". */
export const formatCairoTime = (instant: Date, locale: string = LOCALE): string =>
  formatInCairo(instant, { hour: 'numeric', minute: '2-digit' }, locale);

/** "السبت، ٢٧ أبريل ٢٠٢٤ في ٩:٠٠ م" (ICU picks the joining word). */
export const formatCairoDateTime = (instant: Date, locale: string = LOCALE): string =>
  formatInCairo(
    instant,
    {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    },
    locale,
  );

/** "السبت". */
export const formatCairoWeekday = (instant: Date, locale: string = LOCALE): string =>
  formatInCairo(instant, { weekday: 'long' }, locale);

/** "٢٧ أبريل": short day and month for lists and calendars. */
export const formatCairoDayMonth = (instant: Date, locale: string = LOCALE): string =>
  formatInCairo(instant, { day: 'numeric', month: 'long' }, locale);

/** A Cairo calendar month as `YYYY-MM` ("2026-11"). */
export const CAIRO_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The Cairo month holding `instant`, as `YYYY-MM`. */
export function cairoMonthOf(instant: Date): string {
  const { year, month } = cairoParts(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** A `YYYY-MM` Cairo month: from the 1st 00:00 in Cairo up to the next month's 1st 00:00. */
export function cairoMonthRange(month: string): TimeRange {
  const match = CAIRO_MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const year = Number(match[1]);
  const number = Number(match[2]);
  return {
    start: fromCairoLocal({ year, month: number, day: 1 }),
    end: fromCairoLocal({
      year: number === 12 ? year + 1 : year,
      month: (number % 12) + 1,
      day: 1,
    }),
  };
}

/** The `YYYY-MM` month `months` after `month` (negative: before). */
export function shiftCairoMonth(month: string, months: number): string {
  const match = CAIRO_MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A Cairo calendar day as `YYYY-MM-DD` ("2026-11-27"), as a date input gives it. */
export const CAIRO_DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `text` is a real `YYYY-MM-DD` day (not 2026-02-30). */
export function isCairoDate(text: string): boolean {
  const match = CAIRO_DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The Cairo day holding `instant`, as `YYYY-MM-DD`. */
export function cairoDateOf(instant: Date): string {
  const { year, month, day } = cairoParts(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instants of the Cairo days `from` to `to`, both included (`YYYY-MM-DD`): from `from`
 * 00:00 in Cairo up to the day after `to` at 00:00. Either side may be left open.
 */
export function cairoDaysRange(
  from: string | undefined,
  to: string | undefined,
): { start: Date | undefined; end: Date | undefined } {
  const startOf = (date: string, after = 0): Date => {
    const match = CAIRO_DATE_PATTERN.exec(date);
    if (!match || !isCairoDate(date)) throw new RangeError(`Not a day: ${date}`);
    // The calendar day `after` days on, then its first instant in Cairo (on the spring change
    // day that is 01:00: midnight does not exist there).
    const day = new Date(
      Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + after),
    );
    return fromCairoLocal({
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
    });
  };
  return {
    start: from === undefined ? undefined : startOf(from),
    end: to === undefined ? undefined : startOf(to, 1),
  };
}
