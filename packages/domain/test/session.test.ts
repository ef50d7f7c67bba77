import { describe, expect, it } from 'vitest';
import {
  CLIENT_TO_SERVER,
  isSessionOpen,
  isTutorNoShow,
  JoinLeaveEvent,
  LessonStatus,
  mayJoinSession,
  presenceIntervals,
  SESSION_ACKS,
  sessionOutcome,
  sessionWindow,
  SIGNAL_BURST,
  SIGNAL_DESCRIPTION_COST,
  SIGNAL_RATE_PER_SECOND,
  signalBucket,
  takeSignalTokens,
} from '../src';
import type { AttendanceMark, SessionLesson } from '../src';

const MINUTE = 60_000;
const start = new Date('2026-03-07T18:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const lesson: SessionLesson = {
  start,
  duration: 30,
  status: LessonStatus.Pending,
  tutorId: 1,
  studentId: 2,
};
const joined = (userId: number, minutes: number): AttendanceMark => ({
  userId,
  event: JoinLeaveEvent.UserJoined,
  at: at(minutes),
});
const left = (userId: number, minutes: number): AttendanceMark => ({
  userId,
  event: JoinLeaveEvent.UserLeft,
  at: at(minutes),
});

describe('the lesson room window', () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    expect(sessionWindow(lesson)).toEqual({ opensAt: at(-10), closesAt: at(30) });
    expect(isSessionOpen(lesson, new Date(at(-10).getTime() - 1))).toBe(false);
    expect(isSessionOpen(lesson, at(-10))).toBe(true);
    expect(isSessionOpen(lesson, at(29))).toBe(true);
    expect(isSessionOpen(lesson, at(30))).toBe(false);
  });

  it('is closed for a canceled or fulfilled lesson', () => {
    expect(isSessionOpen({ ...lesson, status: LessonStatus.Cancelled }, at(0))).toBe(false);
    expect(isSessionOpen({ ...lesson, status: LessonStatus.Fulfilled }, at(0))).toBe(false);
    expect(isSessionOpen({ ...lesson, status: LessonStatus.Happening }, at(0))).toBe(true);
  });

  it('lets only the two members in, and only while open', () => {
    expect(mayJoinSession(lesson, 1, at(0))).toBe('ok');
    expect(mayJoinSession(lesson, 2, at(-5))).toBe('ok');
    expect(mayJoinSession(lesson, 3, at(0))).toBe('not-member');
    expect(mayJoinSession(lesson, 2, at(-11))).toBe('unallowed');
  });
});

describe('attendance', () => {
  it('reads presence intervals clipped to the window', () => {
    const marks = [joined(1, -20), left(1, 5), joined(1, 8)];
    expect(presenceIntervals(marks, 1, at(-10), at(30))).toEqual([
      { start: at(-10), end: at(5) },
      { start: at(8), end: at(30) },
    ]);
    expect(presenceIntervals(marks, 2, at(-10), at(30))).toEqual([]);
  });

  it('calls a tutor absent for the first 10 minutes a no-show', () => {
    expect(isTutorNoShow(lesson, [])).toBe(true);
    expect(isTutorNoShow(lesson, [joined(2, 0)])).toBe(true);
    expect(isTutorNoShow(lesson, [joined(1, 10)])).toBe(true);
    expect(isTutorNoShow(lesson, [joined(1, 9)])).toBe(false);
    expect(isTutorNoShow(lesson, [joined(1, -3), left(1, -1)])).toBe(false);
  });

  it('fulfils a lesson the tutor attended; cancels one they never came to', () => {
    expect(sessionOutcome(lesson, [joined(1, 0), joined(2, 1)])).toEqual({
      status: 'fulfilled',
      tutorAttended: true,
      studentAttended: true,
      minutesReturned: 0,
    });
    expect(sessionOutcome(lesson, [joined(2, 0)])).toMatchObject({
      status: 'cancelled',
      studentAttended: true,
      minutesReturned: 30,
    });
    expect(sessionOutcome(lesson, [joined(1, 0)])).toMatchObject({
      status: 'fulfilled',
      studentAttended: false,
      minutesReturned: 0,
    });
  });

  it('gives back the whole minutes after a tutor left early for good', () => {
    const marks = [joined(1, 0), joined(2, 0), left(1, 12), joined(1, 14), left(1, 19.5)];
    expect(sessionOutcome(lesson, marks).minutesReturned).toBe(10);
    // Left and came back before the end: nothing lost at the end.
    expect(sessionOutcome(lesson, [joined(1, 0), left(1, 5), joined(1, 6)]).minutesReturned).toBe(
      0,
    );
    // Left before the start and never came back: every minute back, yet attended.
    expect(sessionOutcome(lesson, [joined(1, -8), left(1, -2)])).toMatchObject({
      status: 'fulfilled',
      minutesReturned: 30,
    });
  });
});

describe('the session events', () => {
  it('answer the spec’s session ack results', () => {
    for (const name of ['JoinSession', 'SessionOffer', 'ToggleMic', 'RegisterPeer'] as const) {
      expect(CLIENT_TO_SERVER[name].acks).toEqual(SESSION_ACKS);
    }
    expect(SESSION_ACKS).toEqual(
      expect.arrayContaining(['invalid-session-id', 'not-member', 'unallowed', 'lesson-not-found']),
    );
  });

  it('refuse a payload without a valid session id', () => {
    expect(CLIENT_TO_SERVER.JoinSession.payload.safeParse({ sessionId: 0 }).success).toBe(false);
    expect(CLIENT_TO_SERVER.JoinSession.payload.safeParse({ sessionId: 7 }).success).toBe(true);
  });
});

describe('the signaling limit', () => {
  it('lets a burst through, then the refill rate', () => {
    const bucket = signalBucket(0);
    let passed = 0;
    for (let i = 0; i < SIGNAL_BURST * 2; i += 1) if (takeSignalTokens(bucket, 1, 0)) passed += 1;
    expect(passed).toBe(SIGNAL_BURST);
    // A second later the bucket holds one second's refill, and never more than the burst.
    expect(takeSignalTokens(bucket, SIGNAL_RATE_PER_SECOND + 1, 1000)).toBe(false);
    expect(takeSignalTokens(bucket, SIGNAL_RATE_PER_SECOND, 1000)).toBe(true);
    expect(takeSignalTokens(bucket, 1, 1000)).toBe(false);
    expect(takeSignalTokens(bucket, SIGNAL_BURST + 1, 3_600_000)).toBe(false);
    expect(takeSignalTokens(bucket, SIGNAL_BURST, 3_600_000)).toBe(true);
  });

  it('fits a negotiation with restarts inside the burst', () => {
    const bucket = signalBucket(0);
    // Three offers and answers (glare, two ICE restarts), 40 candidates, the toggles and pings.
    const cost = 6 * SIGNAL_DESCRIPTION_COST + 40 + 10;
    expect(cost).toBeLessThan(SIGNAL_BURST);
    expect(takeSignalTokens(bucket, cost, 0)).toBe(true);
  });

  it('does not refill when the clock steps back', () => {
    const bucket = signalBucket(1000);
    expect(takeSignalTokens(bucket, SIGNAL_BURST, 1000)).toBe(true);
    expect(takeSignalTokens(bucket, 1, 500)).toBe(false);
  });
});
