import { describe, expect, it } from 'vitest';
import {
  appointmentHorizon,
  checkDemoSessionTransition,
  checkInterviewTransition,
  checkRetry,
  DemoSessionStatus,
  freeAppointmentStarts,
  InterviewStatus,
  isOnboardingComplete,
  reapplyAfter,
  staffCancelStatus,
  staffMeetingActions,
} from '../src';

/** Cairo wall clock in January 2030 (UTC+2). */
const cairo = (day: number, time: string): Date =>
  new Date(`2030-01-${String(day).padStart(2, '0')}T${time}:00+02:00`);
const NOW = cairo(9, '10:00');

describe('reapplyAfter', () => {
  it('is three months on the Cairo calendar, clamped at month ends', () => {
    expect(reapplyAfter(cairo(9, '12:30'))).toEqual(new Date('2030-04-09T12:30:00+02:00'));
    expect(reapplyAfter(new Date('2030-11-30T10:00:00+02:00'))).toEqual(
      new Date('2031-02-28T10:00:00+02:00'),
    );
  });
});

describe('checkRetry', () => {
  const at = (day: number) => cairo(day, '12:00');
  it('refuses while one is pending or once one passed, whatever else there is', () => {
    expect(checkRetry([{ outcome: 'pending', closedAt: null }], NOW)).toEqual({
      ok: false,
      reason: 'pending',
    });
    expect(
      checkRetry(
        [
          { outcome: 'rejected', closedAt: at(1) },
          { outcome: 'passed', closedAt: at(2) },
        ],
        NOW,
      ),
    ).toEqual({ ok: false, reason: 'passed' });
  });
  it('waits three months from the latest rejection; cancellations never count', () => {
    const verdict = checkRetry(
      [
        { outcome: 'rejected', closedAt: at(2) },
        { outcome: 'rejected', closedAt: at(1) },
        { outcome: 'canceled', closedAt: at(3) },
      ],
      NOW,
    );
    expect(verdict).toEqual({ ok: false, reason: 'rejected', retryAt: reapplyAfter(at(2)) });
    expect(checkRetry([{ outcome: 'rejected', closedAt: at(2) }], reapplyAfter(at(2)))).toEqual({
      ok: true,
    });
    expect(checkRetry([{ outcome: 'canceled', closedAt: at(8) }], NOW)).toEqual({ ok: true });
    expect(checkRetry([], NOW)).toEqual({ ok: true });
  });
});

describe('interview transitions', () => {
  const pending = { status: InterviewStatus.Pending, start: cairo(9, '12:00') };
  const before = cairo(9, '11:59');
  const after = cairo(9, '12:00');
  it('lets the tutor cancel until the start only, and never decide', () => {
    expect(
      checkInterviewTransition(pending, InterviewStatus.CanceledByInterviewee, 'tutor', before),
    ).toEqual({ ok: true });
    expect(
      checkInterviewTransition(pending, InterviewStatus.CanceledByInterviewee, 'tutor', after),
    ).toEqual({ ok: false, code: 'illegal' });
    expect(checkInterviewTransition(pending, InterviewStatus.Passed, 'tutor', after)).toEqual({
      ok: false,
      code: 'forbidden',
    });
    expect(
      checkInterviewTransition(pending, InterviewStatus.CanceledByInterviewer, 'tutor', before),
    ).toEqual({ ok: false, code: 'forbidden' });
  });
  it('lets the manager (or an admin) cancel any time and decide once started, from Pending only', () => {
    expect(
      checkInterviewTransition(pending, InterviewStatus.CanceledByInterviewer, 'manager', after),
    ).toEqual({ ok: true });
    expect(
      checkInterviewTransition(pending, InterviewStatus.CanceledByInterviewer, 'admin', before),
    ).toEqual({ ok: true });
    expect(checkInterviewTransition(pending, InterviewStatus.Rejected, 'manager', before)).toEqual({
      ok: false,
      code: 'illegal',
    });
    expect(checkInterviewTransition(pending, InterviewStatus.Rejected, 'manager', after)).toEqual({
      ok: true,
    });
    const passed = { ...pending, status: InterviewStatus.Passed };
    expect(checkInterviewTransition(passed, InterviewStatus.Rejected, 'manager', after)).toEqual({
      ok: false,
      code: 'illegal',
    });
    expect(
      checkInterviewTransition(passed, InterviewStatus.CanceledByInterviewer, 'manager', after),
    ).toEqual({ ok: false, code: 'illegal' });
    expect(checkInterviewTransition(pending, InterviewStatus.Pending, 'manager', after)).toEqual({
      ok: false,
      code: 'illegal',
    });
  });
});

describe('demo session transitions', () => {
  const pending = { status: DemoSessionStatus.Pending, start: cairo(9, '12:00') };
  it('lets each side cancel as itself only', () => {
    const sides = ['tutor', 'manager', 'admin'] as const;
    const statuses = [
      DemoSessionStatus.CanceledByTutor,
      DemoSessionStatus.CanceledByTutorManager,
      DemoSessionStatus.CanceledByAdmin,
    ];
    for (const [index, side] of sides.entries()) {
      for (const [other, status] of statuses.entries()) {
        const verdict = checkDemoSessionTransition(pending, status, side, cairo(9, '11:00'));
        expect(verdict.ok, `${side} ${status}`).toBe(index === other);
      }
    }
  });
  it('keeps the decision for the manager or an admin, once started', () => {
    expect(
      checkDemoSessionTransition(pending, DemoSessionStatus.Passed, 'admin', cairo(9, '12:10')),
    ).toEqual({ ok: true });
    expect(
      checkDemoSessionTransition(pending, DemoSessionStatus.Passed, 'tutor', cairo(9, '12:10')),
    ).toEqual({ ok: false, code: 'forbidden' });
  });
});

describe('staff actions on a meeting', () => {
  const start = cairo(9, '12:00');
  it('records an admin’s cancellation as the interviewer’s, a demo session’s as the admin’s', () => {
    expect(staffCancelStatus('interview', 'admin')).toBe(InterviewStatus.CanceledByInterviewer);
    expect(staffCancelStatus('demo-session', 'admin')).toBe(DemoSessionStatus.CanceledByAdmin);
    expect(staffCancelStatus('demo-session', 'manager')).toBe(
      DemoSessionStatus.CanceledByTutorManager,
    );
  });
  it('offers cancel before the start and the decision only after it, while pending', () => {
    const interview = { kind: 'interview', status: InterviewStatus.Pending, start } as const;
    expect(staffMeetingActions(interview, 'admin', cairo(9, '11:00'))).toEqual({
      cancel: true,
      decide: false,
    });
    expect(staffMeetingActions(interview, 'admin', cairo(9, '12:05'))).toEqual({
      cancel: true,
      decide: true,
    });
    const demo = { kind: 'demo-session', status: DemoSessionStatus.Passed, start } as const;
    expect(staffMeetingActions(demo, 'manager', cairo(9, '12:05'))).toEqual({
      cancel: false,
      decide: false,
    });
  });
});

describe('freeAppointmentStarts', () => {
  it('offers grid starts where 30 minutes fit, an hour ahead, clear of busy times', () => {
    const starts = freeAppointmentStarts({
      now: NOW,
      availability: [{ start: cairo(9, '10:00'), end: cairo(9, '13:00') }],
      busy: [{ start: cairo(9, '12:00'), end: cairo(9, '12:15') }],
    }).map((start) => start.toISOString());
    expect(starts).toEqual(
      ['11:00', '11:15', '11:30', '12:15', '12:30'].map((time) => cairo(9, time).toISOString()),
    );
  });
  it('stops at the end of next Cairo week', () => {
    const horizon = appointmentHorizon(NOW);
    // Week of Saturday 5 January: next week ends Saturday 19 January 00:00 Cairo.
    expect(horizon).toEqual(cairo(19, '00:00'));
    const starts = freeAppointmentStarts({
      now: NOW,
      availability: [{ start: cairo(18, '23:30'), end: cairo(19, '01:00') }],
      busy: [],
    });
    expect(starts.map((start) => start.toISOString())).toEqual([cairo(18, '23:30').toISOString()]);
  });
});

describe('isOnboardingComplete', () => {
  const step = (
    name: 'interview' | 'demo-session' | 'intro-video' | 'photo-session',
    state: 'passed' | 'pending',
    required = true,
  ) => ({
    step: name,
    required,
    state,
  });
  const verified = { email: true, phone: true };
  it('needs every required step passed and both verifications', () => {
    const done = [
      step('interview', 'passed'),
      step('demo-session', 'passed'),
      step('photo-session', 'pending', false),
    ];
    expect(isOnboardingComplete(done, verified)).toBe(true);
    expect(isOnboardingComplete(done, { email: true, phone: false })).toBe(false);
    expect(isOnboardingComplete([...done, step('intro-video', 'pending')], verified)).toBe(false);
    expect(isOnboardingComplete([step('interview', 'passed')], verified)).toBe(false);
    expect(isOnboardingComplete([], verified)).toBe(false);
  });
});
