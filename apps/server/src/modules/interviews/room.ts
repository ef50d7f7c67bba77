import {
  DEMO_SESSION_MINUTES,
  DemoSessionStatus,
  INTERVIEW_MINUTES,
  InterviewStatus,
} from '@talaqa/domain';
import type { PersonSummary } from '@talaqa/domain';
import type { Database } from '../../db';
import { findDemoSessionWithPeople, findInterviewWithPeople } from './repo';

/** An interview or demo session as its room (modules/session) reads it. */
export interface SessionMeeting {
  id: number;
  kind: 'interview' | 'demo-session';
  tutor: PersonSummary;
  manager: PersonSummary;
  start: Date;
  /** Minutes. */
  duration: number;
  /** The interview's or demo session's own status number. */
  status: number;
  pending: boolean;
  canceled: boolean;
}

/** The interview or demo session of a room, or undefined when there is none with that id. */
export async function findSessionMeeting(
  db: Database,
  kind: 'interview' | 'demo-session',
  id: number,
): Promise<SessionMeeting | undefined> {
  if (kind === 'interview') {
    const row = await findInterviewWithPeople(db, id);
    if (!row) return undefined;
    const { status } = row.interview;
    return {
      id,
      kind,
      tutor: row.interviewee,
      manager: row.interviewer,
      start: row.interview.startsAt,
      duration: INTERVIEW_MINUTES,
      status,
      pending: status === InterviewStatus.Pending,
      canceled:
        status === InterviewStatus.CanceledByInterviewee ||
        status === InterviewStatus.CanceledByInterviewer,
    };
  }
  const row = await findDemoSessionWithPeople(db, id);
  if (!row) return undefined;
  const { status } = row.demo;
  return {
    id,
    kind,
    tutor: row.tutor,
    manager: row.tutorManager,
    start: row.demo.startsAt,
    duration: DEMO_SESSION_MINUTES,
    status,
    pending: status === DemoSessionStatus.Pending,
    canceled:
      status !== DemoSessionStatus.Pending &&
      status !== DemoSessionStatus.Passed &&
      status !== DemoSessionStatus.Rejected,
  };
}
