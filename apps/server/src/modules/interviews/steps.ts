import { checkRetry, demoSessionOutcome, interviewOutcome, NOT_STARTED } from '@talaqa/domain';
import type { StepState } from '@talaqa/domain';
import type { Database } from '../../db';
import { demoSessionsOf, interviewsOf } from './repo';

/**
 * The onboarding steps these tables decide (issue 21), as onboarding's step readers:
 * `(db, tutorId) => StepState`. Passed wins over everything; then a pending one (its start);
 * then the latest rejection (with the date a new try is allowed, null once it is); canceled
 * ones alone leave the step not started.
 */
function stepOf(
  rows: readonly {
    outcome: 'pending' | 'passed' | 'rejected' | 'canceled';
    startsAt: Date;
    closedAt: Date | null;
  }[],
  now: Date,
): StepState {
  const passed = rows.filter((row) => row.outcome === 'passed').at(-1);
  if (passed) return { state: 'passed', at: passed.closedAt, retryAt: null };
  const pending = rows.find((row) => row.outcome === 'pending');
  if (pending) return { state: 'pending', at: pending.startsAt, retryAt: null };
  const rejected = rows
    .filter((row) => row.outcome === 'rejected')
    .sort((a, b) => (a.closedAt?.getTime() ?? 0) - (b.closedAt?.getTime() ?? 0))
    .at(-1);
  if (rejected) {
    const verdict = checkRetry(rows, now);
    return {
      state: 'rejected',
      at: rejected.closedAt,
      retryAt: !verdict.ok && verdict.reason === 'rejected' ? verdict.retryAt : null,
    };
  }
  return NOT_STARTED;
}

export async function interviewStep(db: Database, tutorId: number, now: Date): Promise<StepState> {
  const rows = await interviewsOf(db, tutorId);
  return stepOf(
    rows.map((row) => ({
      outcome: interviewOutcome(row.status),
      startsAt: row.startsAt,
      closedAt: row.closedAt,
    })),
    now,
  );
}

export async function demoSessionStep(
  db: Database,
  tutorId: number,
  now: Date,
): Promise<StepState> {
  const rows = await demoSessionsOf(db, tutorId);
  return stepOf(
    rows.map((row) => ({
      outcome: demoSessionOutcome(row.status),
      startsAt: row.startsAt,
      closedAt: row.closedAt,
    })),
    now,
  );
}
