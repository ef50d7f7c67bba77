/**
 * Interviews and demo sessions (spec sections 4 and 9; issue 21): who may move one to which
 * status and when, when a tutor may book again, and which 30-minute times a tutor manager
 * offers. Pure functions shared by the server and the screens.
 *
 * Decisions (docs/decisions/314-interview-rules.md, 315-demo-sessions.md):
 * - After a rejection (interview or demo session) a new one may be booked three months after the
 *   decision (`REAPPLY_AFTER_REJECTION_MONTHS`), on the Cairo calendar.
 * - Either side cancels a pending one until it starts; the manager (or an admin) also cancels
 *   it after the start (no-show) and alone decides it (passed or rejected), only once it started.
 * - A manager offers grid starts of their weekly schedule where 30 minutes fit and they are free,
 *   from an hour ahead (`APPOINTMENT_NOTICE_MINUTES`) to the end of next Cairo week.
 */
import { INTERVIEW_MINUTES, REAPPLY_AFTER_REJECTION_MONTHS } from '../constants';
import { GRID_MS, MINUTE_MS, union } from '../booking/grid';
import { DemoSessionStatus, InterviewStatus } from '../statuses';
import { addCairoMonths, cairoWeekBounds } from '../time';
import type { TimeRange } from '../time';

/** Minutes between booking an interview or demo session and its start. */
export const APPOINTMENT_NOTICE_MINUTES = 60;
/** How many Cairo weeks (this one included) a manager's times are offered for. */
export const APPOINTMENT_WEEKS_AHEAD = 2;

/** When a tutor rejected at `rejectedAt` may book again. */
export const reapplyAfter = (rejectedAt: Date): Date =>
  addCairoMonths(rejectedAt, REAPPLY_AFTER_REJECTION_MONTHS);

/** The last instant (exclusive) a manager's time is offered: the end of next Cairo week. */
export function appointmentHorizon(now: Date): Date {
  let week = cairoWeekBounds(now);
  for (let index = 1; index < APPOINTMENT_WEEKS_AHEAD; index += 1) week = cairoWeekBounds(week.end);
  return week.end;
}

/**
 * The 30-minute starts a manager offers: on the 15-minute grid, inside their availability,
 * clear of `busy`, at least `APPOINTMENT_NOTICE_MINUTES` after `now` and ending by `horizon`.
 * Ascending.
 */
export function freeAppointmentStarts(input: {
  now: Date;
  availability: readonly TimeRange[];
  busy: readonly TimeRange[];
  horizon?: Date;
  minutes?: number;
}): Date[] {
  const minutes = input.minutes ?? INTERVIEW_MINUTES;
  const length = minutes * MINUTE_MS;
  const earliest = input.now.getTime() + APPOINTMENT_NOTICE_MINUTES * MINUTE_MS;
  const latestEnd = (input.horizon ?? appointmentHorizon(input.now)).getTime();
  const busy = union(input.busy);
  const starts: Date[] = [];
  let next = 0;
  for (const span of union(input.availability)) {
    const end = Math.min(span.end, latestEnd);
    for (
      let start = Math.ceil(Math.max(span.start, earliest) / GRID_MS) * GRID_MS;
      start + length <= end;
      start += GRID_MS
    ) {
      while (next < busy.length && (busy[next]?.end ?? 0) <= start) next += 1;
      const blocker = busy[next];
      if (blocker && blocker.start < start + length) continue;
      starts.push(new Date(start));
    }
  }
  return starts;
}

export type AppointmentSide = 'tutor' | 'manager' | 'admin';

/** Why a change of status is refused: `forbidden` (not this side's) or `illegal` (not now). */
export type TransitionVerdict = { ok: true } | { ok: false; code: 'forbidden' | 'illegal' };

const OK: TransitionVerdict = { ok: true };
const FORBIDDEN: TransitionVerdict = { ok: false, code: 'forbidden' };
const ILLEGAL: TransitionVerdict = { ok: false, code: 'illegal' };

interface Transition {
  /** The status asked for is a decision (passed or rejected). */
  decision: boolean;
  /** The side whose cancellation this status records, or null when it is not a cancellation. */
  cancelBy: AppointmentSide | null;
}

function judge(
  transition: Transition,
  appointment: { pending: boolean; start: Date },
  side: AppointmentSide,
  now: Date,
): TransitionVerdict {
  const started = now.getTime() >= appointment.start.getTime();
  if (transition.decision) {
    if (side === 'tutor') return FORBIDDEN;
    if (!appointment.pending || !started) return ILLEGAL;
    return OK;
  }
  if (transition.cancelBy === null) return ILLEGAL;
  if (transition.cancelBy !== side) return FORBIDDEN;
  if (!appointment.pending) return ILLEGAL;
  // The tutor cancels until the start; afterwards only the manager (or an admin) decides.
  if (side === 'tutor' && started) return ILLEGAL;
  return OK;
}

const INTERVIEW_TRANSITIONS: Record<InterviewStatus, Transition> = {
  [InterviewStatus.Pending]: { decision: false, cancelBy: null },
  [InterviewStatus.Passed]: { decision: true, cancelBy: null },
  [InterviewStatus.Rejected]: { decision: true, cancelBy: null },
  // An admin cancelling acts for the interviewer (the spec's set has no admin status).
  [InterviewStatus.CanceledByInterviewer]: { decision: false, cancelBy: 'manager' },
  [InterviewStatus.CanceledByInterviewee]: { decision: false, cancelBy: 'tutor' },
};

/** May `side` move this interview to `to` at `now`? */
export function checkInterviewTransition(
  interview: { status: InterviewStatus; start: Date },
  to: InterviewStatus,
  side: AppointmentSide,
  now: Date,
): TransitionVerdict {
  const transition = INTERVIEW_TRANSITIONS[to];
  const actingSide = side === 'admin' && transition.cancelBy === 'manager' ? 'manager' : side;
  return judge(
    transition,
    { pending: interview.status === InterviewStatus.Pending, start: interview.start },
    actingSide,
    now,
  );
}

const DEMO_TRANSITIONS: Record<DemoSessionStatus, Transition> = {
  [DemoSessionStatus.Pending]: { decision: false, cancelBy: null },
  [DemoSessionStatus.Passed]: { decision: true, cancelBy: null },
  [DemoSessionStatus.Rejected]: { decision: true, cancelBy: null },
  [DemoSessionStatus.CanceledByTutorManager]: { decision: false, cancelBy: 'manager' },
  [DemoSessionStatus.CanceledByTutor]: { decision: false, cancelBy: 'tutor' },
  [DemoSessionStatus.CanceledByAdmin]: { decision: false, cancelBy: 'admin' },
};

/** May `side` move this demo session to `to` at `now`? */
export function checkDemoSessionTransition(
  demo: { status: DemoSessionStatus; start: Date },
  to: DemoSessionStatus,
  side: AppointmentSide,
  now: Date,
): TransitionVerdict {
  return judge(
    DEMO_TRANSITIONS[to],
    { pending: demo.status === DemoSessionStatus.Pending, start: demo.start },
    side,
    now,
  );
}

/** Decided: passed or rejected (the only statuses that need feedback and, for interviews, a level). */
export const isInterviewDecision = (status: InterviewStatus): boolean =>
  status === InterviewStatus.Passed || status === InterviewStatus.Rejected;
export const isDemoSessionDecision = (status: DemoSessionStatus): boolean =>
  status === DemoSessionStatus.Passed || status === DemoSessionStatus.Rejected;

/** What a tutor's past interviews or demo sessions allow next. */
export type RetryVerdict =
  | { ok: true }
  | { ok: false; reason: 'pending' | 'passed' }
  | { ok: false; reason: 'rejected'; retryAt: Date };

/**
 * May a tutor book another one, given their earlier ones (any order)? Not while one is pending
 * or once one passed; after a rejection only from `reapplyAfter` the latest rejection.
 */
export function checkRetry(
  earlier: readonly {
    outcome: 'pending' | 'passed' | 'rejected' | 'canceled';
    closedAt: Date | null;
  }[],
  now: Date,
): RetryVerdict {
  if (earlier.some((item) => item.outcome === 'pending')) return { ok: false, reason: 'pending' };
  if (earlier.some((item) => item.outcome === 'passed')) return { ok: false, reason: 'passed' };
  let latest: Date | null = null;
  for (const item of earlier) {
    if (item.outcome !== 'rejected' || item.closedAt === null) continue;
    if (latest === null || item.closedAt.getTime() > latest.getTime()) latest = item.closedAt;
  }
  if (latest !== null) {
    const retryAt = reapplyAfter(latest);
    if (now.getTime() < retryAt.getTime()) return { ok: false, reason: 'rejected', retryAt };
  }
  return { ok: true };
}

export const interviewOutcome = (
  status: InterviewStatus,
): 'pending' | 'passed' | 'rejected' | 'canceled' =>
  status === InterviewStatus.Pending
    ? 'pending'
    : status === InterviewStatus.Passed
      ? 'passed'
      : status === InterviewStatus.Rejected
        ? 'rejected'
        : 'canceled';

export const demoSessionOutcome = (
  status: DemoSessionStatus,
): 'pending' | 'passed' | 'rejected' | 'canceled' =>
  status === DemoSessionStatus.Pending
    ? 'pending'
    : status === DemoSessionStatus.Passed
      ? 'passed'
      : status === DemoSessionStatus.Rejected
        ? 'rejected'
        : 'canceled';

/** An interview or a demo session: the two kinds of meeting a tutor manager holds. */
export type MeetingKind = 'interview' | 'demo-session';

/** A meeting as its status rules read it: its kind, its own status set, and its start. */
export type MeetingState =
  | { kind: 'interview'; status: InterviewStatus; start: Date }
  | { kind: 'demo-session'; status: DemoSessionStatus; start: Date };

/**
 * The status a manager's or an admin's cancellation records: an admin cancels an interview as
 * its interviewer (the set has no admin status) and a demo session as CanceledByAdmin.
 */
export function staffCancelStatus(kind: 'interview', side: 'manager' | 'admin'): InterviewStatus;
export function staffCancelStatus(
  kind: 'demo-session',
  side: 'manager' | 'admin',
): DemoSessionStatus;
export function staffCancelStatus(
  kind: MeetingKind,
  side: 'manager' | 'admin',
): InterviewStatus | DemoSessionStatus {
  if (kind === 'interview') return InterviewStatus.CanceledByInterviewer;
  return side === 'admin'
    ? DemoSessionStatus.CanceledByAdmin
    : DemoSessionStatus.CanceledByTutorManager;
}

/** Which staff actions the transition rules allow on a meeting now: cancel, decide. */
export function staffMeetingActions(
  meeting: MeetingState,
  side: 'manager' | 'admin',
  now: Date,
): { cancel: boolean; decide: boolean } {
  if (meeting.kind === 'interview') {
    return {
      cancel: checkInterviewTransition(meeting, staffCancelStatus('interview', side), side, now).ok,
      decide: checkInterviewTransition(meeting, InterviewStatus.Passed, side, now).ok,
    };
  }
  return {
    cancel: checkDemoSessionTransition(meeting, staffCancelStatus('demo-session', side), side, now)
      .ok,
    decide: checkDemoSessionTransition(meeting, DemoSessionStatus.Passed, side, now).ok,
  };
}
