import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import type {
  AppointmentTiming,
  DemoSessionStatus,
  EnglishLevel,
  InterviewStatus,
  PersonSummary,
} from '@talaqa/domain';
import type { Database } from '../../db';
import { appointments, availabilitySlots, demoSessions, interviews, users } from '../../db/schema';
import type { DemoSessionRow, InterviewRow } from '../../db/schema';

/** A user's summary and role, or undefined. */
export async function findPerson(
  db: Database,
  id: number,
): Promise<(PersonSummary & { role: number }) | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, image: users.image, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Locks the user's row until the transaction ends (a tutor's bookings queue behind it). */
export async function lockUser(tx: Database, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return row !== undefined;
}

const hasSchedule = (userId: SQL | typeof users.id): SQL =>
  exists(sql`(select 1 from ${availabilitySlots} where ${availabilitySlots.tutorId} = ${userId})`);

/** The active tutor managers (a weekly schedule of at least one slot), by name. */
export async function activeManagers(db: Database): Promise<PersonSummary[]> {
  return db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(and(eq(users.role, Role.TutorManager), hasSchedule(users.id)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Whether this manager has a weekly schedule (decision 314: "active"). */
export async function isActiveManager(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, Role.TutorManager), hasSchedule(users.id)));
  return row !== undefined;
}

/** Holds the manager's time (an appointment of `kind`); the exclusion constraint may refuse it. */
export async function insertAppointment(
  tx: Database,
  values: {
    managerId: number;
    kind: 'interview' | 'demo-session';
    start: Date;
    end: Date;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(appointments)
    .values({
      tutorId: values.managerId,
      kind: values.kind,
      startsAt: values.start,
      endsAt: values.end,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('no appointment row');
  return row.id;
}

export async function releaseAppointment(tx: Database, id: number, now: Date): Promise<void> {
  await tx
    .update(appointments)
    .set({ releasedAt: now, updatedAt: now })
    .where(and(eq(appointments.id, id), sql`${appointments.releasedAt} is null`));
}

// ---------------------------------------------------------------------------------------------
// Interviews

export async function insertInterview(
  tx: Database,
  values: {
    intervieweeId: number;
    interviewerId: number;
    appointmentId: number;
    start: Date;
    now: Date;
  },
): Promise<InterviewRow> {
  const [row] = await tx
    .insert(interviews)
    .values({
      intervieweeId: values.intervieweeId,
      interviewerId: values.interviewerId,
      appointmentId: values.appointmentId,
      startsAt: values.start,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('no interview row');
  return row;
}

export async function lockInterview(tx: Database, id: number): Promise<InterviewRow | undefined> {
  const [row] = await tx.select().from(interviews).where(eq(interviews.id, id)).for('update');
  return row;
}

export async function interviewsOf(db: Database, intervieweeId: number): Promise<InterviewRow[]> {
  return db
    .select()
    .from(interviews)
    .where(eq(interviews.intervieweeId, intervieweeId))
    .orderBy(asc(interviews.startsAt));
}

/** Writes a status change or new texts; a status change only from Pending (guarded). */
export async function writeInterview(
  tx: Database,
  id: number,
  change: {
    status?: InterviewStatus;
    feedback?: string;
    note?: string;
    level?: EnglishLevel;
    now: Date;
  },
): Promise<InterviewRow | undefined> {
  const { now, status, ...texts } = change;
  const [row] = await tx
    .update(interviews)
    .set({
      ...texts,
      ...(status !== undefined && { status, closedAt: now }),
      updatedAt: now,
    })
    .where(and(eq(interviews.id, id), ...(status !== undefined ? [eq(interviews.status, 1)] : [])))
    .returning();
  return row;
}

const interviewer = aliasedTable(users, 'interviewer');
const interviewee = aliasedTable(users, 'interviewee');

export interface InterviewWithPeople {
  interview: InterviewRow;
  interviewer: PersonSummary;
  interviewee: PersonSummary;
}

const interviewSelection = {
  interview: interviews,
  interviewer: { id: interviewer.id, name: interviewer.name, image: interviewer.image },
  interviewee: { id: interviewee.id, name: interviewee.name, image: interviewee.image },
};

function timingCondition(
  startsAt: typeof interviews.startsAt | typeof demoSessions.startsAt,
  when: AppointmentTiming | undefined,
  now: Date,
): SQL[] {
  if (when === 'future') return [gte(startsAt, now)];
  if (when === 'past') return [lt(startsAt, now)];
  return [];
}

/**
 * The tutor's name or e-mail contains `search` (the admin's list): a sub-select on users, so the
 * count needs no join.
 */
function tutorMatches(
  db: Database,
  tutorId: typeof interviews.intervieweeId | typeof demoSessions.tutorId,
  search: string | undefined,
): SQL[] {
  if (!search) return [];
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [
    inArray(
      tutorId,
      db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.name, pattern), ilike(users.email, pattern))),
    ),
  ];
}

export async function findInterviewWithPeople(
  db: Database,
  id: number,
): Promise<InterviewWithPeople | undefined> {
  const [row] = await db
    .select(interviewSelection)
    .from(interviews)
    .innerJoin(interviewer, eq(interviewer.id, interviews.interviewerId))
    .innerJoin(interviewee, eq(interviewee.id, interviews.intervieweeId))
    .where(eq(interviews.id, id));
  return row;
}

export async function listInterviewRows(
  db: Database,
  filters: {
    memberId?: number | undefined;
    status?: InterviewStatus | undefined;
    when?: AppointmentTiming | undefined;
    intervieweeId?: number | undefined;
    interviewerId?: number | undefined;
    search?: string | undefined;
  },
  page: { page: number; size: number },
  now: Date,
): Promise<{ rows: InterviewWithPeople[]; total: number }> {
  const where = and(
    ...(filters.memberId !== undefined
      ? [
          sql`(${interviews.intervieweeId} = ${filters.memberId} or ${interviews.interviewerId} = ${filters.memberId})`,
        ]
      : []),
    ...(filters.status !== undefined ? [eq(interviews.status, filters.status)] : []),
    ...(filters.intervieweeId !== undefined
      ? [eq(interviews.intervieweeId, filters.intervieweeId)]
      : []),
    ...(filters.interviewerId !== undefined
      ? [eq(interviews.interviewerId, filters.interviewerId)]
      : []),
    ...timingCondition(interviews.startsAt, filters.when, now),
    ...tutorMatches(db, interviews.intervieweeId, filters.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(interviewSelection)
      .from(interviews)
      .innerJoin(interviewer, eq(interviewer.id, interviews.interviewerId))
      .innerJoin(interviewee, eq(interviewee.id, interviews.intervieweeId))
      .where(where)
      .orderBy(desc(interviews.startsAt), desc(interviews.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(interviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Demo sessions

export async function insertDemoSession(
  tx: Database,
  values: {
    tutorId: number;
    tutorManagerId: number;
    appointmentId: number;
    start: Date;
    now: Date;
  },
): Promise<DemoSessionRow> {
  const [row] = await tx
    .insert(demoSessions)
    .values({
      tutorId: values.tutorId,
      tutorManagerId: values.tutorManagerId,
      appointmentId: values.appointmentId,
      startsAt: values.start,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('no demo session row');
  return row;
}

export async function lockDemoSession(
  tx: Database,
  id: number,
): Promise<DemoSessionRow | undefined> {
  const [row] = await tx.select().from(demoSessions).where(eq(demoSessions.id, id)).for('update');
  return row;
}

export async function demoSessionsOf(db: Database, tutorId: number): Promise<DemoSessionRow[]> {
  return db
    .select()
    .from(demoSessions)
    .where(eq(demoSessions.tutorId, tutorId))
    .orderBy(asc(demoSessions.startsAt));
}

export async function writeDemoSession(
  tx: Database,
  id: number,
  change: { status?: DemoSessionStatus; feedback?: string; note?: string; now: Date },
): Promise<DemoSessionRow | undefined> {
  const { now, status, ...texts } = change;
  const [row] = await tx
    .update(demoSessions)
    .set({
      ...texts,
      ...(status !== undefined && { status, closedAt: now }),
      updatedAt: now,
    })
    .where(
      and(eq(demoSessions.id, id), ...(status !== undefined ? [eq(demoSessions.status, 1)] : [])),
    )
    .returning();
  return row;
}

const demoTutor = aliasedTable(users, 'demo_tutor');
const demoManager = aliasedTable(users, 'demo_manager');

export interface DemoSessionWithPeople {
  demo: DemoSessionRow;
  tutor: PersonSummary;
  tutorManager: PersonSummary;
}

const demoSelection = {
  demo: demoSessions,
  tutor: { id: demoTutor.id, name: demoTutor.name, image: demoTutor.image },
  tutorManager: { id: demoManager.id, name: demoManager.name, image: demoManager.image },
};

export async function findDemoSessionWithPeople(
  db: Database,
  id: number,
): Promise<DemoSessionWithPeople | undefined> {
  const [row] = await db
    .select(demoSelection)
    .from(demoSessions)
    .innerJoin(demoTutor, eq(demoTutor.id, demoSessions.tutorId))
    .innerJoin(demoManager, eq(demoManager.id, demoSessions.tutorManagerId))
    .where(eq(demoSessions.id, id));
  return row;
}

export async function listDemoSessionRows(
  db: Database,
  filters: {
    memberId?: number | undefined;
    status?: DemoSessionStatus | undefined;
    when?: AppointmentTiming | undefined;
    tutorId?: number | undefined;
    tutorManagerId?: number | undefined;
    search?: string | undefined;
  },
  page: { page: number; size: number },
  now: Date,
): Promise<{ rows: DemoSessionWithPeople[]; total: number }> {
  const where = and(
    ...(filters.memberId !== undefined
      ? [
          sql`(${demoSessions.tutorId} = ${filters.memberId} or ${demoSessions.tutorManagerId} = ${filters.memberId})`,
        ]
      : []),
    ...(filters.status !== undefined ? [eq(demoSessions.status, filters.status)] : []),
    ...(filters.tutorId !== undefined ? [eq(demoSessions.tutorId, filters.tutorId)] : []),
    ...(filters.tutorManagerId !== undefined
      ? [eq(demoSessions.tutorManagerId, filters.tutorManagerId)]
      : []),
    ...timingCondition(demoSessions.startsAt, filters.when, now),
    ...tutorMatches(db, demoSessions.tutorId, filters.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(demoSelection)
      .from(demoSessions)
      .innerJoin(demoTutor, eq(demoTutor.id, demoSessions.tutorId))
      .innerJoin(demoManager, eq(demoManager.id, demoSessions.tutorManagerId))
      .where(where)
      .orderBy(desc(demoSessions.startsAt), desc(demoSessions.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(demoSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
