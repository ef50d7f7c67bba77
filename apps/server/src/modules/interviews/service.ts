import {
  availabilityForWeekMinutes,
  appointmentHorizon,
  cairoWeekBounds,
  checkDemoSessionTransition,
  checkInterviewTransition,
  checkRetry,
  DEMO_SESSION_MINUTES,
  demoSessionOutcome,
  endOf,
  ENGLISH_LEVELS,
  freeAppointmentStarts,
  INTERVIEW_MINUTES,
  interviewOutcome,
  InterviewStatus,
  isDemoSessionDecision,
  isInterviewDecision,
  Role,
} from '@talaqa/domain';
import type {
  AppointmentSide,
  BookDemoSessionRequest,
  BookInterviewRequest,
  DemoSessionListFilters,
  DemoSessionPage,
  DemoSessionView,
  EnglishLevel,
  InterviewerOption,
  InterviewListFilters,
  InterviewPage,
  InterviewTimes,
  InterviewView,
  PersonSummary,
  TimeRange,
  TransitionVerdict,
  UpdateDemoSessionChange,
  UpdateInterviewChange,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { busyOf, storedSlotsOf } from '../tutors';
import {
  activeManagers,
  demoSessionsOf,
  findDemoSessionWithPeople,
  findInterviewWithPeople,
  findPerson,
  insertAppointment,
  insertDemoSession,
  insertInterview,
  interviewsOf,
  isActiveManager,
  listDemoSessionRows,
  listInterviewRows,
  lockDemoSession,
  lockInterview,
  lockUser,
  releaseAppointment,
  writeDemoSession,
  writeInterview,
} from './repo';
import type { DemoSessionWithPeople, InterviewWithPeople } from './repo';
import { cancelAppointmentReminders, scheduleAppointmentReminders } from './reminders';

/**
 * Interviews and demo sessions (issue 21), each change in one transaction under the rules of
 * `@talaqa/domain` interviews/rules.ts. The manager's time is an `appointments` row, so the
 * exclusion constraint `appointments_no_overlap` has the last word on overlaps. A booking locks
 * the tutor's user row, then the manager's (always in that order: tutors and managers are
 * different people, so no cycle): a tutor's "one at a time" and reapply checks hold under
 * concurrency (the partial unique indexes back them), and a manager's bookings run one at a time
 * (overlapping inserts racing on the exclusion constraint could deadlock each other).
 */

type Context = Pick<ServiceContext, 'db' | 'clock'>;

const APPOINTMENTS_NO_OVERLAP = 'appointments_no_overlap';

/** Runs a write that takes the manager's time, answering an overlap as `busy-tutor-manager`. */
async function refusingOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isExclusionViolation(error, APPOINTMENTS_NO_OVERLAP)) {
      throw new AppError('busy-tutor-manager', 'The tutor manager is taken at that time', {
        cause: error,
      });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Managers and their times

/** GET /user/interviewer/select. */
export function listInterviewers({ db }: Pick<Context, 'db'>): Promise<InterviewerOption[]> {
  return activeManagers(db);
}

/** The manager's weekly availability over this and next Cairo week, and their busy times. */
async function managerTime(
  db: Database,
  managerIds: readonly number[],
  now: Date,
): Promise<Map<number, { availability: TimeRange[]; busy: TimeRange[] }>> {
  const horizon = appointmentHorizon(now);
  const weeks: Date[] = [];
  for (let week = cairoWeekBounds(now); week.start < horizon; week = cairoWeekBounds(week.end)) {
    weeks.push(week.start);
  }
  const [slots, busy] = await Promise.all([
    storedSlotsOf(db, managerIds),
    busyOf(db, managerIds, { start: now, end: horizon }),
  ]);
  const time = new Map<number, { availability: TimeRange[]; busy: TimeRange[] }>();
  for (const id of managerIds) {
    const own = slots.get(id) ?? [];
    time.set(id, {
      availability: weeks.flatMap((week) => availabilityForWeekMinutes(own, week)),
      busy: busy.get(id) ?? [],
    });
  }
  return time;
}

/** GET /interview/select: every active manager's free starts, or one manager's. */
export async function interviewTimes(
  { db, clock }: Context,
  query: { interviewerId?: number | undefined },
): Promise<InterviewTimes> {
  const now = clock.now();
  let managers: PersonSummary[];
  if (query.interviewerId !== undefined) {
    const manager = await requireManager(db, query.interviewerId);
    managers = [{ id: manager.id, name: manager.name, image: manager.image }];
  } else {
    managers = await activeManagers(db);
  }
  const time = await managerTime(
    db,
    managers.map((manager) => manager.id),
    now,
  );
  return managers.map((manager) => {
    const own = time.get(manager.id) ?? { availability: [], busy: [] };
    return {
      interviewer: manager,
      starts: freeAppointmentStarts({ now, ...own }).map((start) => start.toISOString()),
    };
  });
}

/** A tutor manager with a schedule, else `user-not-found` / `inactive-tutor-manager`. */
async function requireManager(db: Database, id: number): Promise<PersonSummary> {
  const person = await findPerson(db, id);
  if (!person || person.role !== Role.TutorManager) {
    throw new AppError('user-not-found', 'No tutor manager has this id');
  }
  if (!(await isActiveManager(db, id))) {
    throw new AppError('inactive-tutor-manager', 'The tutor manager has no schedule');
  }
  return { id: person.id, name: person.name, image: person.image };
}

/** Refuses a start the manager does not offer now (`busy-tutor-manager`). */
async function requireOffered(tx: Database, managerId: number, start: Date, now: Date) {
  const own = (await managerTime(tx, [managerId], now)).get(managerId);
  const offered = freeAppointmentStarts({
    now,
    availability: own?.availability ?? [],
    busy: own?.busy ?? [],
  });
  if (!offered.some((time) => time.getTime() === start.getTime())) {
    throw new AppError('busy-tutor-manager', 'The tutor manager does not offer that time');
  }
}

// ---------------------------------------------------------------------------------------------
// Interviews: views

function sideOf(
  caller: Identity,
  members: { tutorId: number; managerId: number },
): AppointmentSide | undefined {
  if (caller.userId === members.tutorId) return 'tutor';
  if (caller.userId === members.managerId) return 'manager';
  if (isAdmin(caller)) return 'admin';
  return undefined;
}

/** An interview as `viewer` sees it: the manager's note is not the tutor's to read. */
export function toInterviewView(row: InterviewWithPeople, viewerId: number): InterviewView {
  const { interview } = row;
  return {
    id: interview.id,
    status: interview.status,
    start: interview.startsAt.toISOString(),
    end: endOf(interview.startsAt, INTERVIEW_MINUTES).toISOString(),
    feedback: interview.feedback,
    note: viewerId === interview.intervieweeId ? null : interview.note,
    level: interview.level,
    interviewerId: interview.interviewerId,
    intervieweeId: interview.intervieweeId,
    interviewer: row.interviewer,
    interviewee: row.interviewee,
    bookedAt: interview.createdAt.toISOString(),
    closedAt: interview.closedAt?.toISOString() ?? null,
  };
}

async function interviewView(db: Database, id: number, viewerId: number): Promise<InterviewView> {
  const row = await findInterviewWithPeople(db, id);
  if (!row) throw new AppError('interview-not-found');
  return toInterviewView(row, viewerId);
}

// ---------------------------------------------------------------------------------------------
// Interviews: booking

function refuseRetry(
  verdict: ReturnType<typeof checkRetry>,
  code: 'conflicting-interview' | 'demo-session-exists',
): void {
  if (verdict.ok) return;
  const why =
    verdict.reason === 'rejected'
      ? `rejected: a new one from ${verdict.retryAt.toISOString()}`
      : verdict.reason;
  throw new AppError(code, why);
}

/** POST /interview (tutors). */
export async function bookInterview(
  { db, clock }: Context,
  caller: Identity,
  body: BookInterviewRequest,
): Promise<InterviewView> {
  const now = clock.now();
  const id = await db
    .transaction(async (tx) => {
      if (!(await lockUser(tx, caller.userId))) throw new AppError('unauthenticated');
      // Then the manager's row: bookings of one manager run one at a time (two overlapping
      // inserts racing on the exclusion constraint can deadlock each other otherwise).
      await lockUser(tx, body.interviewerId);
      await requireManager(tx, body.interviewerId);
      const earlier = await interviewsOf(tx, caller.userId);
      refuseRetry(
        checkRetry(
          earlier.map((row) => ({ outcome: interviewOutcome(row.status), closedAt: row.closedAt })),
          now,
        ),
        'conflicting-interview',
      );
      await requireOffered(tx, body.interviewerId, body.start, now);
      const appointmentId = await refusingOverlap(() =>
        insertAppointment(tx, {
          managerId: body.interviewerId,
          kind: 'interview',
          start: body.start,
          end: endOf(body.start, INTERVIEW_MINUTES),
          now,
        }),
      );
      const interview = await insertInterview(tx, {
        intervieweeId: caller.userId,
        interviewerId: body.interviewerId,
        appointmentId,
        start: body.start,
        now,
      });
      await scheduleAppointmentReminders(
        tx,
        { kind: 'interview', id: interview.id, startsAt: interview.startsAt },
        now,
      );
      return interview.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'interviews_one_pending_key')) {
        throw new AppError('conflicting-interview', 'pending', { cause: error });
      }
      throw error;
    });
  return interviewView(db, id, caller.userId);
}

// ---------------------------------------------------------------------------------------------
// Changes (both kinds)

function refuseUnlessOk(verdict: TransitionVerdict): void {
  if (!verdict.ok) throw new AppError(verdict.code, `Refused: ${verdict.code}`);
}

/** Feedback (and for interviews a level) must be known for a decision. */
function requireFields(fields: Record<string, unknown>): void {
  const missing = Object.entries(fields)
    .filter(([, value]) => value === undefined || value === null)
    .map(([path]) => ({ path, code: 'required' as const }));
  if (missing.length > 0) {
    throw new AppError('required', 'A decision needs feedback', { fields: missing });
  }
}

/** The outcome of a change: the view, and whether a decision closed a step of onboarding. */
export interface Changed<View> {
  view: View;
  /** The tutor whose onboarding step was decided (re-check activation), if any. */
  decidedTutorId: number | null;
  /** Canceled or decided now: its room closes. */
  closed: boolean;
}

/** A level the request schema let through (1-6) as the enumeration's value. */
function englishLevelOf(level: number): EnglishLevel {
  const known = ENGLISH_LEVELS.find((value) => value === level);
  if (known === undefined) throw new AppError('interview-level-too-high');
  return known;
}

/** PATCH /interview. */
export async function updateInterview(
  { db, clock }: Context,
  caller: Identity,
  body: UpdateInterviewChange,
): Promise<Changed<InterviewView>> {
  const now = clock.now();
  const decided = await db.transaction(async (tx) => {
    const interview = await lockInterview(tx, body.id);
    const side =
      interview &&
      sideOf(caller, { tutorId: interview.intervieweeId, managerId: interview.interviewerId });
    if (!interview || !side) throw new AppError('interview-not-found');
    const texts = {
      ...(body.feedback !== undefined && { feedback: body.feedback }),
      ...(body.note !== undefined && { note: body.note }),
      ...(body.level !== undefined && { level: englishLevelOf(body.level) }),
    };
    if (side === 'tutor' && Object.keys(texts).length > 0) {
      throw new AppError('forbidden', 'Only the tutor manager writes feedback, notes and levels');
    }
    const to = body.status;
    if (to === undefined || to === interview.status) {
      if (Object.keys(texts).length > 0) await writeInterview(tx, interview.id, { ...texts, now });
      return null;
    }
    refuseUnlessOk(
      checkInterviewTransition(
        { status: interview.status, start: interview.startsAt },
        to,
        side,
        now,
      ),
    );
    if (isInterviewDecision(to)) {
      requireFields({
        feedback: texts.feedback ?? interview.feedback ?? undefined,
        level: texts.level ?? interview.level ?? undefined,
      });
    }
    const written = await writeInterview(tx, interview.id, { ...texts, status: to, now });
    if (!written) throw new AppError('illegal', 'The interview is no longer pending');
    if (!isInterviewDecision(to)) await releaseAppointment(tx, interview.appointmentId, now);
    await cancelAppointmentReminders(tx, { kind: 'interview', id: interview.id });
    return isInterviewDecision(to);
  });
  const view = await interviewView(db, body.id, caller.userId);
  return { view, decidedTutorId: decided ? view.intervieweeId : null, closed: decided !== null };
}

/** GET /interview/list/: the caller's (as tutor or manager), everyone's for admins. */
export async function listInterviews(
  { db, clock }: Context,
  caller: Identity,
  query: InterviewListFilters,
): Promise<InterviewPage> {
  const { page, size, ...filters } = query;
  const { rows, total } = await listInterviewRows(
    db,
    { ...filters, memberId: isAdmin(caller) ? undefined : caller.userId },
    { page, size },
    clock.now(),
  );
  return { list: rows.map((row) => toInterviewView(row, caller.userId)), total };
}

// ---------------------------------------------------------------------------------------------
// Demo sessions

export function toDemoSessionView(row: DemoSessionWithPeople, viewerId: number): DemoSessionView {
  const { demo } = row;
  return {
    id: demo.id,
    status: demo.status,
    start: demo.startsAt.toISOString(),
    end: endOf(demo.startsAt, DEMO_SESSION_MINUTES).toISOString(),
    tutorId: demo.tutorId,
    tutorManagerId: demo.tutorManagerId,
    tutor: row.tutor,
    tutorManager: row.tutorManager,
    feedback: demo.feedback,
    note: viewerId === demo.tutorId ? null : demo.note,
    bookedAt: demo.createdAt.toISOString(),
    closedAt: demo.closedAt?.toISOString() ?? null,
  };
}

async function demoSessionView(
  db: Database,
  id: number,
  viewerId: number,
): Promise<DemoSessionView> {
  const row = await findDemoSessionWithPeople(db, id);
  if (!row) throw new AppError('demo-session-not-found');
  return toDemoSessionView(row, viewerId);
}

/** POST /demo-session (tutors with a passed interview). */
export async function bookDemoSession(
  { db, clock }: Context,
  caller: Identity,
  body: BookDemoSessionRequest,
): Promise<DemoSessionView> {
  const now = clock.now();
  const id = await db
    .transaction(async (tx) => {
      if (!(await lockUser(tx, caller.userId))) throw new AppError('unauthenticated');
      const passed = (await interviewsOf(tx, caller.userId)).some(
        (row) => row.status === InterviewStatus.Passed,
      );
      if (!passed) throw new AppError('illegal', 'The demo session follows a passed interview');
      // The manager's row next, as for interviews: one booking of a manager at a time.
      await lockUser(tx, body.tutorManagerId);
      await requireManager(tx, body.tutorManagerId);
      const earlier = await demoSessionsOf(tx, caller.userId);
      refuseRetry(
        checkRetry(
          earlier.map((row) => ({
            outcome: demoSessionOutcome(row.status),
            closedAt: row.closedAt,
          })),
          now,
        ),
        'demo-session-exists',
      );
      await requireOffered(tx, body.tutorManagerId, body.start, now);
      const appointmentId = await refusingOverlap(() =>
        insertAppointment(tx, {
          managerId: body.tutorManagerId,
          kind: 'demo-session',
          start: body.start,
          end: endOf(body.start, DEMO_SESSION_MINUTES),
          now,
        }),
      );
      const demo = await insertDemoSession(tx, {
        tutorId: caller.userId,
        tutorManagerId: body.tutorManagerId,
        appointmentId,
        start: body.start,
        now,
      });
      await scheduleAppointmentReminders(
        tx,
        { kind: 'demo-session', id: demo.id, startsAt: demo.startsAt },
        now,
      );
      return demo.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'demo_sessions_one_pending_key')) {
        throw new AppError('demo-session-exists', 'pending', { cause: error });
      }
      throw error;
    });
  return demoSessionView(db, id, caller.userId);
}

/** PATCH /demo-session. */
export async function updateDemoSession(
  { db, clock }: Context,
  caller: Identity,
  body: UpdateDemoSessionChange,
): Promise<Changed<DemoSessionView>> {
  const now = clock.now();
  const decided = await db.transaction(async (tx) => {
    const demo = await lockDemoSession(tx, body.id);
    const side = demo && sideOf(caller, { tutorId: demo.tutorId, managerId: demo.tutorManagerId });
    if (!demo || !side) throw new AppError('demo-session-not-found');
    const texts = {
      ...(body.feedback !== undefined && { feedback: body.feedback }),
      ...(body.note !== undefined && { note: body.note }),
    };
    if (side === 'tutor' && Object.keys(texts).length > 0) {
      throw new AppError('forbidden', 'Only the tutor manager writes feedback and notes');
    }
    const to = body.status;
    if (to === undefined || to === demo.status) {
      if (Object.keys(texts).length > 0) await writeDemoSession(tx, demo.id, { ...texts, now });
      return null;
    }
    refuseUnlessOk(
      checkDemoSessionTransition({ status: demo.status, start: demo.startsAt }, to, side, now),
    );
    if (isDemoSessionDecision(to)) {
      requireFields({ feedback: texts.feedback ?? demo.feedback ?? undefined });
    }
    const written = await writeDemoSession(tx, demo.id, { ...texts, status: to, now });
    if (!written) throw new AppError('illegal', 'The demo session is no longer pending');
    if (!isDemoSessionDecision(to)) await releaseAppointment(tx, demo.appointmentId, now);
    await cancelAppointmentReminders(tx, { kind: 'demo-session', id: demo.id });
    return isDemoSessionDecision(to);
  });
  const view = await demoSessionView(db, body.id, caller.userId);
  return { view, decidedTutorId: decided ? view.tutorId : null, closed: decided !== null };
}

/** GET /demo-session/list. */
export async function listDemoSessions(
  { db, clock }: Context,
  caller: Identity,
  query: DemoSessionListFilters,
): Promise<DemoSessionPage> {
  const { page, size, ...filters } = query;
  const { rows, total } = await listDemoSessionRows(
    db,
    { ...filters, memberId: isAdmin(caller) ? undefined : caller.userId },
    { page, size },
    clock.now(),
  );
  return { list: rows.map((row) => toDemoSessionView(row, caller.userId)), total };
}
