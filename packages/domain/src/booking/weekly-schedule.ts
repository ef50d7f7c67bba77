/**
 * The tutor's weekly schedule: a template of Cairo wall-clock slots, laid on the calendar of a
 * given week, and the check that a change to it leaves no booked lesson outside it.
 *
 * Decisions (our reading where the spec is silent; docs/decisions/ records them):
 * - The weekly schedule is a template of Cairo wall-clock slots (weekday, start, 15 or 30 minutes)
 *   that repeats every week. A slot is available at every instant a Cairo wall clock shows its
 *   start: never for starts inside the spring jump (Friday 00:00-00:59 on the last Friday of
 *   April), twice for starts in the repeated autumn hour (Thursday 23:00-23:59 on the last
 *   Thursday of October), once otherwise. Each occurrence lasts the slot's real length.
 */

import { WEEKDAYS_FROM_SATURDAY } from '../enums';
import type { SessionSlotLength, Weekday } from '../enums';
import { cairoUtcOffsetMinutes, cairoWeekBounds } from '../time';
import type { TimeRange } from '../time';
import { DAY_MINUTES, isCoveredBy, MINUTE_MS, SLOT_GRID_MINUTES } from './grid';

/** Slots in a full week of 15-minute slots: the most a weekly schedule can hold. */
export const WEEKLY_SLOTS_MAX = (7 * DAY_MINUTES) / SLOT_GRID_MINUTES;

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
