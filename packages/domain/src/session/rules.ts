/**
 * The lesson room's rules (issue 19; docs/decisions/285-session-room-window.md): when the room of
 * a lesson is open, who may be in it, and what the attendance of its two members makes of the
 * lesson. Pure functions shared by the server (which enforces them) and the web room (which
 * shows the countdown to the opening and the timer to the end).
 *
 * Decisions:
 * - The room opens `SESSION_OPENS_BEFORE_MINUTES` (10) before the lesson's start, so both sides
 *   can check their devices and connect before the first minute is lost, and closes at the
 *   lesson's end (start + duration). Outside that window nobody may join.
 * - Only the lesson's student and tutor may join; an admin reads the session but is not a member.
 * - A canceled lesson has no room.
 */
import { endOf, MINUTE_MS } from '../booking/grid';
import { JoinLeaveEvent } from '../enums';
import { LessonStatus } from '../statuses';

/**
 * What a session id names (docs/decisions/317-session-room-for-interviews.md): a lesson (the
 * default, so every lesson's id and event stays as it was), an interview or a demo session. The
 * id is that row's own id; the kind travels beside it (`kind` in the events, the path of
 * `GET /session/{kind}/{id}`).
 */
export const SESSION_KINDS = ['lesson', 'interview', 'demo-session'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * An interview or demo session as the room's rules read it: the same window and membership rule
 * as a lesson (`SessionLesson`), with the tutor manager in the second seat. A pending one is
 * open in its window; a decided one is over (fulfilled), a canceled one has no room.
 */
export function sessionMeetingOf(meeting: {
  start: Date;
  duration: number;
  pending: boolean;
  canceled: boolean;
  tutorId: number;
  managerId: number;
}): SessionLesson {
  return {
    start: meeting.start,
    duration: meeting.duration,
    status: meeting.pending
      ? LessonStatus.Pending
      : meeting.canceled
        ? LessonStatus.Cancelled
        : LessonStatus.Fulfilled,
    tutorId: meeting.tutorId,
    studentId: meeting.managerId,
  };
}

/** The room opens this many minutes before the lesson's start. */
export const SESSION_OPENS_BEFORE_MINUTES = 10;

/**
 * The tutor is a no-show when they have not joined by this many minutes after the start: the
 * lesson is canceled by itself and the student's minutes come back (decision 287).
 */
export const TUTOR_NO_SHOW_MINUTES = 10;

/** A lesson as the room's rules read it. */
export interface SessionLesson {
  start: Date;
  /** Minutes. */
  duration: number;
  status: LessonStatus;
  tutorId: number;
  studentId: number;
}

/** When the room opens and closes (closes = the lesson's end). */
export function sessionWindow(lesson: Pick<SessionLesson, 'start' | 'duration'>): {
  opensAt: Date;
  closesAt: Date;
} {
  return {
    opensAt: new Date(lesson.start.getTime() - SESSION_OPENS_BEFORE_MINUTES * MINUTE_MS),
    closesAt: endOf(lesson.start, lesson.duration),
  };
}

/** Whether the room is open at `now`: inside its window and the lesson not canceled. */
export function isSessionOpen(
  lesson: Pick<SessionLesson, 'start' | 'duration' | 'status'>,
  now: Date,
): boolean {
  if (lesson.status === LessonStatus.Cancelled || lesson.status === LessonStatus.Fulfilled) {
    return false;
  }
  const { opensAt, closesAt } = sessionWindow(lesson);
  const t = now.getTime();
  return t >= opensAt.getTime() && t < closesAt.getTime();
}

/** Whether `userId` is one of the lesson's two members. */
export const isSessionMember = (lesson: SessionLesson, userId: number): boolean =>
  lesson.studentId === userId || lesson.tutorId === userId;

/** Why a user may not join the room now, or `ok`. */
export type SessionJoinVerdict = 'ok' | 'not-member' | 'unallowed';

/** Whether `userId` may join the lesson's room at `now`. */
export function mayJoinSession(
  lesson: SessionLesson,
  userId: number,
  now: Date,
): SessionJoinVerdict {
  if (!isSessionMember(lesson, userId)) return 'not-member';
  return isSessionOpen(lesson, now) ? 'ok' : 'unallowed';
}

/** When the no-show rule is read: `TUTOR_NO_SHOW_MINUTES` after the start. */
export const tutorNoShowAt = (lesson: Pick<SessionLesson, 'start'>): Date =>
  new Date(lesson.start.getTime() + TUTOR_NO_SHOW_MINUTES * MINUTE_MS);

/** One join or leave of a member, in time order (spec: Join/leave events UserJoined 1, UserLeft 2). */
export interface AttendanceMark {
  userId: number;
  event: JoinLeaveEvent;
  at: Date;
}

/** The stretches a member was in the room, clipped to [from, to). */
export function presenceIntervals(
  marks: readonly AttendanceMark[],
  userId: number,
  from: Date,
  to: Date,
): { start: Date; end: Date }[] {
  const intervals: { start: Date; end: Date }[] = [];
  let since: Date | null = null;
  const sorted = marks
    .filter((mark) => mark.userId === userId)
    .toSorted((a, b) => a.at.getTime() - b.at.getTime());
  for (const mark of sorted) {
    if (mark.event === JoinLeaveEvent.UserJoined) since ??= mark.at;
    else if (since) {
      intervals.push({ start: since, end: mark.at });
      since = null;
    }
  }
  if (since) intervals.push({ start: since, end: to });
  return intervals
    .map(({ start, end }) => ({
      start: new Date(Math.max(start.getTime(), from.getTime())),
      end: new Date(Math.min(end.getTime(), to.getTime())),
    }))
    .filter(({ start, end }) => end.getTime() > start.getTime());
}

/** Whether the member was in the room at any moment of [from, to). */
export const attendedBetween = (
  marks: readonly AttendanceMark[],
  userId: number,
  from: Date,
  to: Date,
): boolean => presenceIntervals(marks, userId, from, to).length > 0;

/** What the room's attendance makes of a lesson once it is over (decision 287). */
export interface SessionOutcome {
  /** `fulfilled` when the tutor was there, else `cancelled` (the tutor did not show). */
  status: 'fulfilled' | 'cancelled';
  tutorAttended: boolean;
  studentAttended: boolean;
  /**
   * Minutes that go back to the student: all of them for a tutor who never came; for a tutor
   * who left early and did not come back, the whole minutes from their last leave to the end.
   */
  minutesReturned: number;
}

/**
 * The lesson's outcome from its attendance marks. Presence counts from the room's opening
 * (someone who came early and waited is there at the start) to the lesson's end.
 */
export function sessionOutcome(
  lesson: SessionLesson,
  marks: readonly AttendanceMark[],
): SessionOutcome {
  const { opensAt, closesAt } = sessionWindow(lesson);
  const tutor = presenceIntervals(marks, lesson.tutorId, opensAt, closesAt);
  const studentAttended = attendedBetween(marks, lesson.studentId, opensAt, closesAt);
  if (tutor.length === 0) {
    return {
      status: 'cancelled',
      tutorAttended: false,
      studentAttended,
      minutesReturned: lesson.duration,
    };
  }
  const lastEnd = tutor.at(-1)?.end ?? closesAt;
  const lostMs = closesAt.getTime() - Math.max(lastEnd.getTime(), lesson.start.getTime());
  const minutesReturned = Math.min(lesson.duration, Math.max(0, Math.floor(lostMs / MINUTE_MS)));
  return { status: 'fulfilled', tutorAttended: true, studentAttended, minutesReturned };
}

/** Whether the no-show rule holds at its moment: the tutor has not joined since the opening. */
export function isTutorNoShow(lesson: SessionLesson, marks: readonly AttendanceMark[]): boolean {
  const { opensAt } = sessionWindow(lesson);
  return !attendedBetween(marks, lesson.tutorId, opensAt, tutorNoShowAt(lesson));
}

/**
 * The signaling limit (docs/decisions/298-signaling-rate-limit.md): every session event a socket
 * sends takes tokens from that socket's bucket, which holds `SIGNAL_BURST` and refills
 * `SIGNAL_RATE_PER_SECOND` a second. A call's negotiation (an offer, an answer, 10-40 ICE
 * candidates within a second, a few more offers on restarts) stays far inside the burst; a flood
 * is cut to the refill rate, so the other member and the Redis adapter carry at most that.
 */
export const SIGNAL_BURST = 200;
export const SIGNAL_RATE_PER_SECOND = 50;
/**
 * What a session description (SessionOffer, SessionAnswer) costs: it may be up to
 * `SDP_MAX_LENGTH` (64 KB) where a candidate is a hundred bytes, so a flood of descriptions is cut
 * at 5 a second (at most 320 KB/s through the adapter); a call sends a handful.
 */
export const SIGNAL_DESCRIPTION_COST = 10;

/** A socket's signaling bucket: its tokens at `atMs` (a monotonic clock, in milliseconds). */
export interface SignalBucket {
  tokens: number;
  atMs: number;
}

/** A full bucket at `nowMs`. */
export const signalBucket = (nowMs: number): SignalBucket => ({
  tokens: SIGNAL_BURST,
  atMs: nowMs,
});

/**
 * Takes `cost` tokens from the bucket at `nowMs` (refilled first): true when it had them, false
 * (and nothing taken) when the event is over the limit.
 */
export function takeSignalTokens(bucket: SignalBucket, cost: number, nowMs: number): boolean {
  const elapsed = Math.max(0, nowMs - bucket.atMs);
  bucket.tokens = Math.min(SIGNAL_BURST, bucket.tokens + (elapsed * SIGNAL_RATE_PER_SECOND) / 1000);
  bucket.atMs = Math.max(bucket.atMs, nowMs);
  if (bucket.tokens < cost) return false;
  bucket.tokens -= cost;
  return true;
}
