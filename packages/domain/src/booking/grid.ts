/**
 * The time grid booking works on: lesson lengths, the 15-minute grid of a Cairo wall clock, and
 * small helpers on instants and half-open intervals.
 *
 * Decisions (our reading where the spec is silent; docs/decisions/ records them):
 * - Lesson durations are exactly the spec's session slot lengths, 15 or 30 minutes
 *   (`Lesson.duration` is a `SessionSlotLength`), not multiples of them.
 * - Times sit on a 15-minute grid (the short slot): lessons and schedule slots start at :00, :15,
 *   :30 or :45 on a Cairo wall clock. Cairo's offset is a whole number of hours, so that is also
 *   a multiple of 15 minutes since the Unix epoch (`isOnSlotGrid`).
 */

import { SessionSlotLength } from '../enums';
import type { TimeRange } from '../time';

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;

/** The lesson lengths a student may book: the spec's session slot lengths, 15 and 30 minutes. */
export const LESSON_DURATIONS: readonly SessionSlotLength[] = Object.freeze([
  SessionSlotLength.Short,
  SessionSlotLength.Long,
]);

/** Lessons and schedule slots start on this grid of a Cairo wall clock (:00, :15, :30, :45). */
export const SLOT_GRID_MINUTES = SessionSlotLength.Short;
export const GRID_MS = SLOT_GRID_MINUTES * MINUTE_MS;

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

export interface Span {
  start: number;
  end: number;
}

/** Sorted, disjoint, non-touching spans covering exactly the union of the ranges. */
export function union(ranges: readonly TimeRange[]): Span[] {
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
