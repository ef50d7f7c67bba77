/**
 * A booked lesson: what cancelling it gives back and whether it may still be moved (its status
 * comes from the room's attendance: ../session/rules).
 *
 * Decisions (our reading where the spec is silent; docs/decisions/ records them):
 * - Minutes on cancellation: all of them when the tutor or the system cancels (any time before
 *   the lesson ends), or when the student cancels at least 2 hours before the start
 *   (`LESSON_FREE_CANCEL_MINUTES`) or within 10 minutes of booking it
 *   (`LESSON_CANCEL_GRACE_MINUTES`, a mis-tap; only before the start); none otherwise. The server
 *   returns them only while their quota week is still running (`returnMinutes`).
 * - A lesson may be moved exactly while a student's cancellation would return its minutes.
 */

import { LessonCanceledBy } from '../statuses';
import { endOf, MINUTE_MS } from './grid';

/** A student's cancellation at least this long before the start gives the minutes back. */
export const LESSON_FREE_CANCEL_MINUTES = 120;

/** A student's cancellation this soon after booking (and before the start) is free too. */
export const LESSON_CANCEL_GRACE_MINUTES = 10;

/** The fields of a lesson the cancellation policy reads. */
export interface CancelableLesson {
  start: Date;
  /** Minutes. */
  duration: number;
  /** When it was booked; without it there is no grace period. */
  bookedAt?: Date | null;
}

/**
 * The last instant a student's cancellation gives the minutes back: 2 hours before the start, or
 * 10 minutes after booking when that is later (but before the start).
 */
export function freeCancelUntil(lesson: CancelableLesson): Date {
  const start = lesson.start.getTime();
  const byNotice = start - LESSON_FREE_CANCEL_MINUTES * MINUTE_MS;
  const byGrace = lesson.bookedAt
    ? Math.min(lesson.bookedAt.getTime() + LESSON_CANCEL_GRACE_MINUTES * MINUTE_MS, start - 1)
    : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(byNotice, byGrace));
}

/**
 * Minutes a cancellation at `now` gives back to the student's subscription: all of them when the
 * tutor or the system cancels before the lesson ends, or the student cancels by
 * `freeCancelUntil`; none otherwise (and none once the lesson is over). The server adds them back
 * only while their quota week is still running.
 */
export function minutesReturnedOnCancel(
  lesson: CancelableLesson,
  canceledBy: LessonCanceledBy,
  now: Date,
): number {
  const t = now.getTime();
  if (t >= endOf(lesson.start, lesson.duration).getTime()) return 0;
  if (canceledBy !== LessonCanceledBy.Student) return lesson.duration;
  return t <= freeCancelUntil(lesson).getTime() ? lesson.duration : 0;
}

/** A lesson may be moved while cancelling it would give the minutes back to the student. */
export const isLessonChangeable = (lesson: CancelableLesson, now: Date): boolean =>
  minutesReturnedOnCancel(lesson, LessonCanceledBy.Student, now) === lesson.duration;
