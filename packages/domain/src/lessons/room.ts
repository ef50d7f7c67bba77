/**
 * When a lesson's session room is open: from `SESSION_ROOM_OPENS_MINUTES_BEFORE` minutes before
 * the start until the lesson's end (start + duration), never for a canceled lesson. The lesson
 * page shows the ready screen (and the join button) exactly while `isSessionRoomOpen` holds, and
 * the server admits a member to the call by the same function, so both sides agree to the
 * millisecond. Decision: docs/decisions/293-session-room-window.md.
 */
import type { LessonCanceledBy } from '../statuses';

/** The room opens this many minutes before the lesson's start. */
export const SESSION_ROOM_OPENS_MINUTES_BEFORE = 10;

const MINUTE = 60_000;

/** The fields of a lesson the room window reads (a `LessonView`'s fields, as `Date`s). */
export interface SessionRoomLesson {
  start: Date;
  /** Minutes. */
  duration: number;
  /** Not null: the lesson was canceled, and its room never opens. Absent means not canceled. */
  canceledBy?: LessonCanceledBy | null;
}

/** The half-open interval [opensAt, closesAt) in which the lesson's room is open. */
export interface SessionRoomWindow {
  opensAt: Date;
  closesAt: Date;
}

/** When the room opens (10 minutes before the start) and closes (the lesson's end). */
export function sessionRoomWindow(lesson: SessionRoomLesson): SessionRoomWindow {
  const start = lesson.start.getTime();
  return {
    opensAt: new Date(start - SESSION_ROOM_OPENS_MINUTES_BEFORE * MINUTE),
    closesAt: new Date(start + lesson.duration * MINUTE),
  };
}

/** Whether the room is open at `now`: `opensAt <= now < closesAt`, and the lesson not canceled. */
export function isSessionRoomOpen(lesson: SessionRoomLesson, now: Date): boolean {
  if (lesson.canceledBy !== undefined && lesson.canceledBy !== null) return false;
  const { opensAt, closesAt } = sessionRoomWindow(lesson);
  const t = now.getTime();
  return t >= opensAt.getTime() && t < closesAt.getTime();
}
