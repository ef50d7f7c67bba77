import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { JoinLeaveEvent, Role } from '@talaqa/domain';
import type { BusyInterval, LessonStatus, WeekMinuteSlot } from '@talaqa/domain';
import { preparedRows } from '../../db';
import type { Database } from '../../db';
import { appointments, lessons, sessionAttendance, users } from '../../db/schema';
import type { LessonRow } from '../../db/schema';

/**
 * SQL of the lessons feature. The tutor's side (profile, weekly slots, appointments) is read
 * straight from its tables here, so booking depends on no other feature's code.
 */

/** The end of a lesson as SQL: `starts_at + duration minutes`. */
const lessonEnd = sql`(${lessons.startsAt} + ${lessons.duration} * interval '1 minute')`;

// ---------------------------------------------------------------------------------------------
// The tutor's side

export interface TutorBookingRow {
  activated: boolean;
  onboarded: boolean;
  bypassOnboarding: boolean;
  noticePeriod: number;
  /** The stored next free start and its week (timestamps as JSON gives them), or null. */
  nextFreeAt: string | null;
  nextFreeWeek: string | null;
}

/**
 * Locks the student's row and then the tutor's: rows are locked in the order the statement
 * returns them, so always the student first and two bookings never wait on each other crosswise
 * (a schedule save locks the tutor's row too). Answers the student's row, undefined when gone.
 */
export async function lockStudentThenTutor(
  tx: Database,
  studentId: number,
  tutorId: number,
): Promise<{ emailVerified: boolean } | undefined> {
  const rows = await tx
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(inArray(users.id, [studentId, tutorId]))
    .orderBy(sql`${users.id} = ${studentId} desc`)
    .for('update')
    .prepare('lessons_lock_student_then_tutor')
    .execute();
  return rows.find((row) => row.id === studentId);
}

export interface BookingReads {
  /** The tutor (role tutor with a profile), else undefined. */
  tutor: TutorBookingRow | undefined;
  /** The weekly schedule in week minutes, in no particular order. */
  slots: WeekMinuteSlot[];
  /** The tutor's live appointments overlapping the week, lessons with their id. */
  busy: BusyInterval[];
  /** Whether the student has a lesson not canceled and not over yet. */
  hasUpcomingLesson: boolean;
  /** The two people as a lesson shows them (so a booking answers without reading them again). */
  people: { tutor: LessonPerson | undefined; student: LessonPerson | undefined };
}

export interface LessonPerson {
  id: number;
  name: string;
  image: string | null;
}

/** Slot lengths are 15 or 30 minutes, so start * 100 + length keeps both. */
const SLOT_PACKING = 100;

interface BookingReadsRow extends Record<string, unknown> {
  tutor: TutorBookingRow | null;
  /** Each slot as start minute * 100 + length (one number: cheaper to build and read). */
  slots: number[];
  busy: [string, string, number | null][];
  has_upcoming: boolean;
  tutor_person: LessonPerson | null;
  student_person: LessonPerson | null;
}

/**
 * What booking reads of the tutor and the student, in one round trip (a booking is a dozen
 * statements; each round trip costs more than the little SQL in it): the tutor's profile, weekly
 * slots and live appointments overlapping [from, to), and whether the student has a lesson to come.
 */
export async function bookingReads(
  db: Database,
  studentId: number,
  tutorId: number,
  week: { start: Date; end: Date },
  now: Date,
): Promise<BookingReads> {
  const [row] = await preparedRows<BookingReadsRow>(
    db,
    'lessons_booking_reads',
    sql`select
      (select json_build_object(
          'activated', p.activated,
          'onboarded', p.onboarded_at is not null,
          'bypassOnboarding', p.bypass_onboarding,
          'noticePeriod', p.notice_period,
          'nextFreeAt', p.next_free_at,
          'nextFreeWeek', p.next_free_week)
        from users u join tutor_profiles p on p.user_id = u.id
        where u.id = ${tutorId} and u.role = ${Role.Tutor}) as tutor,
      (select coalesce(
          json_agg(s.start_minute::int * ${sql.raw(String(SLOT_PACKING))} + s.duration), '[]'::json)
        from availability_slots s where s.tutor_id = ${tutorId}) as slots,
      (select coalesce(json_agg(json_build_array(a.starts_at, a.ends_at, l.id) order by a.starts_at), '[]'::json)
        from appointments a left join lessons l on l.appointment_id = a.id
        where a.tutor_id = ${tutorId} and a.released_at is null
          and tstzrange(a.starts_at, a.ends_at)
            && tstzrange(${week.start.toISOString()}::timestamptz,
                         ${week.end.toISOString()}::timestamptz)) as busy,
      exists (select 1 from lessons
        where ${lessons.studentId} = ${studentId} and ${lessons.status} <> 'cancelled'
          and ${lessonEnd} > ${now.toISOString()}::timestamptz) as has_upcoming,
      (select json_build_object('id', id, 'name', name, 'image', image)
        from users where id = ${tutorId}) as tutor_person,
      (select json_build_object('id', id, 'name', name, 'image', image)
        from users where id = ${studentId}) as student_person`,
  );
  if (!row) throw new Error('booking reads answered no row');
  const tutor = row.tutor ?? undefined;
  return {
    tutor,
    slots: tutor
      ? row.slots.map((packed) => ({
          weekMinute: Math.floor(packed / SLOT_PACKING),
          length: packed % SLOT_PACKING,
        }))
      : [],
    busy: tutor
      ? row.busy.map(([start, end, lessonId]) =>
          lessonId === null
            ? { start: new Date(start), end: new Date(end) }
            : { start: new Date(start), end: new Date(end), lessonId },
        )
      : [],
    hasUpcomingLesson: row.has_upcoming,
    people: { tutor: row.tutor_person ?? undefined, student: row.student_person ?? undefined },
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function insertAppointment(
  db: Database,
  values: { tutorId: number; startsAt: Date; endsAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, kind: 'lesson' })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment not inserted');
  return row.id;
}

export async function releaseAppointment(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(appointments)
    .set({ releasedAt: now, updatedAt: now })
    .where(and(eq(appointments.id, id), isNull(appointments.releasedAt)));
}

export type NewLessonRow = typeof lessons.$inferInsert;

/**
 * Inserts the lesson and the appointment that holds its tutor's time in one statement (a
 * data-modifying WITH): one round trip less per booking. The appointments' exclusion constraint
 * refuses an overlap as it does for `insertAppointment`.
 */
export async function insertLessonHoldingTime(
  db: Database,
  values: Omit<NewLessonRow, 'appointmentId'> & { startsAt: Date; tutorId: number },
  endsAt: Date,
): Promise<LessonRow> {
  const held = db.$with('held', { id: appointments.id }).as(
    sql`insert into ${appointments} (tutor_id, kind, starts_at, ends_at)
        values (${values.tutorId}, 'lesson', ${values.startsAt.toISOString()}::timestamptz,
                ${endsAt.toISOString()}::timestamptz)
        returning id`,
  );
  const [row] = await db
    .with(held)
    .insert(lessons)
    .values({ ...values, appointmentId: sql`(select id from ${held})` })
    .returning()
    .prepare('lessons_insert_holding_time')
    .execute();
  if (!row) throw new Error('lesson not inserted');
  return row;
}

/** The lesson, locked until the transaction ends (against a concurrent cancel or move). */
export async function lockLesson(db: Database, id: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).for('update');
  return row;
}

type LiveStatus = 'pending' | 'happening';

/**
 * pending (or, for the attendance rules, happening) → cancelled, guarded: undefined when it was
 * no longer in one of the `from` statuses.
 */
export async function cancelLessonRow(
  db: Database,
  id: number,
  values: {
    canceledBy: 'tutor' | 'student' | 'self';
    now: Date;
    minutesReturned: number;
    /** An admin's cancel on the member's behalf (decision 344). */
    byAdmin?: { adminId: number; reason: string } | undefined;
  },
  from: readonly LiveStatus[] = ['pending'],
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(lessons)
    .set({
      status: 'cancelled',
      canceledBy: values.canceledBy,
      canceledAt: values.now,
      minutesReturned: values.minutesReturned,
      cancelReason: values.byAdmin?.reason ?? null,
      canceledByAdminId: values.byAdmin?.adminId ?? null,
      updatedAt: values.now,
    })
    .where(and(eq(lessons.id, id), inArray(lessons.status, from)))
    .returning();
  return row;
}

/**
 * fulfilled → cancelled by the tutor: an admin found it not held (decision 338). Guarded like a
 * cancel: undefined when it was no longer fulfilled.
 */
export async function markNotHeldRow(
  db: Database,
  id: number,
  values: { now: Date; minutesReturned: number },
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(lessons)
    .set({
      status: 'cancelled',
      canceledBy: 'tutor',
      canceledAt: values.now,
      minutesReturned: values.minutesReturned,
      updatedAt: values.now,
    })
    .where(and(eq(lessons.id, id), eq(lessons.status, 'fulfilled')))
    .returning();
  return row;
}

/** Moves a pending lesson to its new appointment and time (guarded like a cancel). */
export async function moveLessonRow(
  db: Database,
  id: number,
  values: {
    appointmentId: number;
    startsAt: Date;
    duration: number;
    subscriptionId: number;
    quotaWeekStart: Date;
    now: Date;
  },
): Promise<LessonRow | undefined> {
  const { now, ...fields } = values;
  const [row] = await db
    .update(lessons)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(lessons.id, id), eq(lessons.status, 'pending')))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading

const tutorUser = alias(users, 'lesson_tutor');
const studentUser = alias(users, 'lesson_student');
const adminUser = alias(users, 'lesson_admin');

export interface LessonWithPeople {
  lesson: LessonRow;
  tutor: LessonPerson;
  student: LessonPerson;
  /** The admin who canceled it for a member (decision 344), while their account exists. */
  admin: LessonPerson | null;
  /** Whether each side has joined the lesson's room at least once (decision 287). */
  attended: { tutor: boolean; student: boolean };
}

/** Whether `member` (a column of lessons) has a UserJoined mark in the lesson's room. */
const joinedRoom = (member: typeof lessons.tutorId | typeof lessons.studentId) =>
  sql<boolean>`exists (select 1 from ${sessionAttendance}
    where ${sessionAttendance.lessonId} = ${lessons.id}
      and ${sessionAttendance.userId} = ${member}
      and ${sessionAttendance.event} = ${JoinLeaveEvent.UserJoined})`;

const withPeople = (db: Database) =>
  db
    .select({
      lesson: lessons,
      tutor: { id: tutorUser.id, name: tutorUser.name, image: tutorUser.image },
      student: { id: studentUser.id, name: studentUser.name, image: studentUser.image },
      admin: { id: adminUser.id, name: adminUser.name, image: adminUser.image },
      attended: { tutor: joinedRoom(lessons.tutorId), student: joinedRoom(lessons.studentId) },
    })
    .from(lessons)
    .innerJoin(tutorUser, eq(tutorUser.id, lessons.tutorId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
    .leftJoin(adminUser, eq(adminUser.id, lessons.canceledByAdminId));

export async function findLessonWithPeople(
  db: Database,
  id: number,
): Promise<LessonWithPeople | undefined> {
  const [row] = await withPeople(db).where(eq(lessons.id, id));
  return row;
}

export interface LessonRowFilters {
  /** Only lessons where this user is the student or the tutor. */
  memberId?: number | undefined;
  tutorId?: number | undefined;
  studentId?: number | undefined;
  state?: 'ratified' | 'canceled' | undefined;
  when?: 'future' | 'past' | 'now' | undefined;
  status?: LessonStatus | undefined;
  /** Lessons starting at or after this instant. */
  startsFrom?: Date | undefined;
  /** Lessons starting before this instant. */
  startsBefore?: Date | undefined;
  order: 'asc' | 'desc';
}

function filtersOf(filters: LessonRowFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.memberId !== undefined) {
    conditions.push(
      or(eq(lessons.studentId, filters.memberId), eq(lessons.tutorId, filters.memberId)),
    );
  }
  if (filters.tutorId !== undefined) conditions.push(eq(lessons.tutorId, filters.tutorId));
  if (filters.studentId !== undefined) conditions.push(eq(lessons.studentId, filters.studentId));
  if (filters.state === 'ratified') conditions.push(ne(lessons.status, 'cancelled'));
  if (filters.state === 'canceled') conditions.push(eq(lessons.status, 'cancelled'));
  if (filters.when === 'future') conditions.push(gt(lessons.startsAt, now));
  if (filters.when === 'now') {
    conditions.push(sql`${lessons.startsAt} <= ${now}`, gt(lessonEnd, now));
  }
  if (filters.when === 'past') conditions.push(sql`${lessonEnd} <= ${now}`);
  if (filters.status !== undefined) conditions.push(eq(lessons.status, filters.status));
  if (filters.startsFrom !== undefined) conditions.push(gte(lessons.startsAt, filters.startsFrom));
  if (filters.startsBefore !== undefined) {
    conditions.push(lt(lessons.startsAt, filters.startsBefore));
  }
  return and(...conditions);
}

export async function listLessonRows(
  db: Database,
  filters: LessonRowFilters,
  page: { page: number; size: number },
  now: Date,
): Promise<{ rows: LessonWithPeople[]; total: number }> {
  const where = filtersOf(filters, now);
  const order = filters.order === 'asc' ? asc : desc;
  const rows = await withPeople(db)
    .where(where)
    .orderBy(order(lessons.startsAt), order(lessons.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [counted] = await db.select({ total: count() }).from(lessons).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** A user's lessons (as student or tutor) for the stats: start, length and whether canceled. */
export async function lessonsOfMember(
  db: Database,
  userId: number,
): Promise<{ startsAt: Date; duration: number; canceled: boolean }[]> {
  const rows = await db
    .select({ startsAt: lessons.startsAt, duration: lessons.duration, status: lessons.status })
    .from(lessons)
    .where(or(eq(lessons.studentId, userId), eq(lessons.tutorId, userId)));
  return rows.map((row) => ({
    startsAt: row.startsAt,
    duration: row.duration,
    canceled: row.status === 'cancelled',
  }));
}

export async function userExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}
