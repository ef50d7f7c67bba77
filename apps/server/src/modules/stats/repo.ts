import { sql } from 'drizzle-orm';
import {
  DemoSessionStatus,
  InterviewStatus,
  InvoiceStatus,
  LedgerEntryKind,
  ReviewStatus,
  Role,
  RoomType,
} from '@talaqa/domain';
import { preparedRows } from '../../db';
import type { Database } from '../../db';
import { listedTutor } from '../../db/listed-tutor';
import { tutorProfiles, users } from '../../db/schema';

/**
 * SQL of the dashboards' statistics (decision 327): one round trip per answer, reading lessons
 * (by `lessons_tutor_start_idx` / `lessons_student_start_idx`), the earnings ledger (by lesson)
 * and ratings (by `ratings_ratee_newest_idx`). The weeks are Cairo weeks computed by the domain
 * (`cairoWeekBounds`, DST-safe) and sent as two arrays of instants, so the text never changes.
 */

export interface WeekRange {
  start: Date;
  end: Date;
}

const arrayOf = (instants: readonly Date[]): string =>
  `{${instants.map((instant) => instant.toISOString()).join(',')}}`;

export interface TutorStatsRow {
  role: Role | null;
  lessons: number;
  minutes: number;
  students: number;
  earned: number;
  ratings: number;
  average: number | null;
  weeks: {
    lessons: number;
    minutes: number;
    students: number;
    earned: number;
    ratings: number;
    average: number | null;
  }[];
  [key: string]: unknown;
}

const LESSON_KINDS = `{${LedgerEntryKind.Lesson},${LedgerEntryKind.LessonReversal}}`;

/** The tutor's totals and, week by week (in the order given), the same figures. */
export async function tutorStatsRow(
  db: Database,
  tutorId: number,
  weeks: readonly WeekRange[],
): Promise<TutorStatsRow> {
  const [row] = await preparedRows<TutorStatsRow>(
    db,
    'stats_tutor',
    sql`with w as (
        select w.i, w.s, w.e
        from unnest(${arrayOf(weeks.map((week) => week.start))}::timestamptz[],
                    ${arrayOf(weeks.map((week) => week.end))}::timestamptz[])
          with ordinality as w(s, e, i)),
      l as (
        select l.student_id, l.duration, l.starts_at,
          coalesce((select sum(le.amount) from ledger_entries le where le.lesson_id = l.id), 0) as earned
        from lessons l where l.tutor_id = ${tutorId} and l.status = 'fulfilled'),
      lw as (
        select w.i, count(l.starts_at)::int as lessons, coalesce(sum(l.duration), 0)::int as minutes,
          count(distinct l.student_id)::int as students, coalesce(sum(l.earned), 0)::bigint as earned
        from w left join l on l.starts_at >= w.s and l.starts_at < w.e group by w.i),
      rw as (
        select w.i, count(r.id)::int as ratings, avg(r.value)::float8 as average
        from w left join ratings r on r.ratee_id = ${tutorId}
          and r.updated_at >= w.s and r.updated_at < w.e
        group by w.i)
      select
        (select role from users where id = ${tutorId}) as role,
        (select count(*)::int from l) as lessons,
        (select coalesce(sum(duration), 0)::int from l) as minutes,
        (select count(distinct student_id)::int from l) as students,
        (select coalesce(sum(amount), 0)::bigint from ledger_entries
          where tutor_id = ${tutorId} and kind = any(${LESSON_KINDS}::text[])) as earned,
        (select count(*)::int from ratings where ratee_id = ${tutorId}) as ratings,
        (select avg(value)::float8 from ratings where ratee_id = ${tutorId}) as average,
        (select json_agg(json_build_object('lessons', lw.lessons, 'minutes', lw.minutes,
            'students', lw.students, 'earned', lw.earned,
            'ratings', rw.ratings, 'average', rw.average) order by lw.i)
          from lw join rw on rw.i = lw.i) as weeks`,
  );
  if (!row) throw new Error('tutor stats answered no row');
  return { ...row, earned: Number(row.earned) };
}

export interface StudentStatsRow {
  role: Role | null;
  lessons: number;
  minutes: number;
  tutors: number;
  weeks: { lessons: number; minutes: number }[];
  [key: string]: unknown;
}

/** The student's totals and, week by week (in the order given), lessons and minutes. */
export async function studentStatsRow(
  db: Database,
  studentId: number,
  weeks: readonly WeekRange[],
): Promise<StudentStatsRow> {
  const [row] = await preparedRows<StudentStatsRow>(
    db,
    'stats_student',
    sql`with w as (
        select w.i, w.s, w.e
        from unnest(${arrayOf(weeks.map((week) => week.start))}::timestamptz[],
                    ${arrayOf(weeks.map((week) => week.end))}::timestamptz[])
          with ordinality as w(s, e, i)),
      l as (
        select l.tutor_id, l.duration, l.starts_at
        from lessons l where l.student_id = ${studentId} and l.status = 'fulfilled'),
      lw as (
        select w.i, count(l.starts_at)::int as lessons, coalesce(sum(l.duration), 0)::int as minutes
        from w left join l on l.starts_at >= w.s and l.starts_at < w.e group by w.i)
      select
        (select role from users where id = ${studentId}) as role,
        (select count(*)::int from l) as lessons,
        (select coalesce(sum(duration), 0)::int from l) as minutes,
        (select count(distinct tutor_id)::int from l) as tutors,
        (select json_agg(json_build_object('lessons', lw.lessons, 'minutes', lw.minutes)
            order by lw.i) from lw) as weeks`,
  );
  if (!row) throw new Error('student stats answered no row');
  return row;
}

export interface ActivityRow {
  role: Role | null;
  lastLessonAt: string | null;
  days: { lessons: number; minutes: number }[];
  [key: string]: unknown;
}

/** The tutor's lessons given, day by day (in the order given), and the start of the last one. */
export async function tutorActivityRow(
  db: Database,
  tutorId: number,
  days: readonly WeekRange[],
): Promise<ActivityRow> {
  const [row] = await preparedRows<ActivityRow>(
    db,
    'stats_tutor_activity',
    sql`with d as (
        select d.i, d.s, d.e
        from unnest(${arrayOf(days.map((day) => day.start))}::timestamptz[],
                    ${arrayOf(days.map((day) => day.end))}::timestamptz[])
          with ordinality as d(s, e, i)),
      ld as (
        select d.i, count(l.id)::int as lessons, coalesce(sum(l.duration), 0)::int as minutes
        from d left join lessons l on l.tutor_id = ${tutorId} and l.status = 'fulfilled'
          and l.starts_at >= d.s and l.starts_at < d.e
        group by d.i)
      select
        (select role from users where id = ${tutorId}) as role,
        (select max(starts_at) from lessons
          where tutor_id = ${tutorId} and status = 'fulfilled') as "lastLessonAt",
        (select json_agg(json_build_object('lessons', ld.lessons, 'minutes', ld.minutes)
            order by ld.i) from ld) as days`,
  );
  if (!row) throw new Error('tutor activity answered no row');
  return row;
}

export interface TutoringMinutesRow {
  thisWeek: number;
  lastWeek: number;
  total: number;
  booked: number;
  [key: string]: unknown;
}

/** The tutor's minutes given this week, last week and ever, and still booked this week. */
export async function tutoringMinutesRow(
  db: Database,
  tutorId: number,
  thisWeek: WeekRange,
  lastWeek: WeekRange,
): Promise<TutoringMinutesRow> {
  const inWeek = (week: WeekRange) =>
    sql`starts_at >= ${week.start.toISOString()}::timestamptz
      and starts_at < ${week.end.toISOString()}::timestamptz`;
  const [row] = await preparedRows<TutoringMinutesRow>(
    db,
    'stats_tutoring_minutes',
    sql`select
        coalesce(sum(duration) filter (where status = 'fulfilled' and ${inWeek(thisWeek)}), 0)::int
          as "thisWeek",
        coalesce(sum(duration) filter (where status = 'fulfilled' and ${inWeek(lastWeek)}), 0)::int
          as "lastWeek",
        coalesce(sum(duration) filter (where status = 'fulfilled'), 0)::int as total,
        coalesce(sum(duration) filter (
          where status in ('pending', 'happening') and ${inWeek(thisWeek)}), 0)::int as booked
      from lessons where tutor_id = ${tutorId}`,
  );
  if (!row) throw new Error('tutoring minutes answered no row');
  return row;
}

export interface PersonRow {
  id: number;
  name: string;
  image: string | null;
  [key: string]: unknown;
}

/**
 * The student's tutors (a lesson booked with them, canceled ones aside) in whose general room
 * the student has written nothing, by name.
 */
export async function uncontactedTutorRows(db: Database, studentId: number): Promise<PersonRow[]> {
  return preparedRows<PersonRow>(
    db,
    'stats_uncontacted_tutors',
    sql`select u.id, u.name, u.image from users u
      where u.id in (select tutor_id from lessons
          where student_id = ${studentId} and status <> 'cancelled')
        and not exists (
          select 1 from chat_members me
            join chat_members them on them.room_id = me.room_id and them.user_id = u.id
            join chat_rooms r on r.id = me.room_id
              and r.type = ${sql.raw(String(RoomType.General))}
          where me.user_id = ${studentId}
            and exists (select 1 from chat_messages m
              where m.room_id = me.room_id and m.sender_id = ${studentId}))
      order by u.name, u.id`,
  );
}

export interface FullTutorsRow {
  total: number;
  list: (PersonRow & { bookedMinutes: number })[];
  [key: string]: unknown;
}

/**
 * Listed tutors with a weekly schedule and no bookable start left this week (the stored next
 * free start, kept by the tutors' listing, is null), the most booked first: one page and the
 * total.
 */
export async function fullTutorsRow(
  db: Database,
  week: WeekRange,
  page: { page: number; size: number },
): Promise<FullTutorsRow> {
  const [row] = await preparedRows<FullTutorsRow>(
    db,
    'stats_full_tutors',
    sql`with f as (
        select users.id, users.name, users.image,
          (select coalesce(sum(l.duration), 0)::int from lessons l
            where l.tutor_id = users.id and l.status <> 'cancelled'
              and l.starts_at >= ${week.start.toISOString()}::timestamptz
              and l.starts_at < ${week.end.toISOString()}::timestamptz) as booked
        from users join tutor_profiles on tutor_profiles.user_id = users.id
        where ${listedTutor(users, tutorProfiles)} and tutor_profiles.next_free_at is null
          and exists (select 1 from availability_slots s where s.tutor_id = users.id))
      select (select count(*)::int from f) as total,
        (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name,
            'image', x.image, 'bookedMinutes', x.booked) order by x.booked desc, x.id), '[]'::json)
          from (select * from f order by f.booked desc, f.id
            limit ${page.size} offset ${(page.page - 1) * page.size}) x) as list`,
  );
  if (!row) throw new Error('full tutors answered no row');
  return row;
}

export interface PlatformFiguresRow {
  newStudents: number;
  newTutors: number;
  payments: number;
  revenue: number;
  lessonsBooked: number;
  lessonsHeld: number;
}

export interface AdminOverviewRow {
  /** One entry per range, in the order given. */
  ranges: PlatformFiguresRow[];
  introVideos: number;
  withdrawals: number;
  decisions: number;
  contactRequests: number;
  [key: string]: unknown;
}

/**
 * The platform's figures over each range (in the order given) and what waits for an admin now:
 * one statement, each figure over its table's own index-friendly column (decision 345).
 */
export async function adminOverviewRow(
  db: Database,
  ranges: readonly WeekRange[],
  now: Date,
): Promise<AdminOverviewRow> {
  const inRange = (column: string) => sql.raw(`${column} >= r.s and ${column} < r.e`);
  const [row] = await preparedRows<AdminOverviewRow>(
    db,
    'stats_admin_overview',
    sql`with r as (
        select r.i, r.s, r.e
        from unnest(${arrayOf(ranges.map((range) => range.start))}::timestamptz[],
                    ${arrayOf(ranges.map((range) => range.end))}::timestamptz[])
          with ordinality as r(s, e, i)),
      figures as (
        select r.i,
          (select count(*) from users u
            where u.role = ${Role.Student} and ${inRange('u.created_at')})::int as "newStudents",
          (select count(*) from users u
            where u.role = ${Role.Tutor} and ${inRange('u.created_at')})::int as "newTutors",
          (select count(*) from transactions t
            where t.paid_at is not null and ${inRange('t.paid_at')})::int as payments,
          (select coalesce(sum(t.amount - t.refunded_amount), 0) from transactions t
            where t.paid_at is not null and ${inRange('t.paid_at')})::bigint as revenue,
          (select count(*) from lessons l where ${inRange('l.created_at')})::int as "lessonsBooked",
          (select count(*) from lessons l
            where l.status = 'fulfilled' and ${inRange('l.starts_at')})::int as "lessonsHeld"
        from r)
      select
        (select json_agg(json_build_object('newStudents', f."newStudents",
            'newTutors', f."newTutors", 'payments', f.payments, 'revenue', f.revenue,
            'lessonsBooked', f."lessonsBooked", 'lessonsHeld', f."lessonsHeld") order by f.i)
          from figures f) as ranges,
        (select count(*) from intro_videos where status = ${ReviewStatus.Pending})::int
          as "introVideos",
        (select count(*) from invoices where status in
          (${InvoiceStatus.PendingApproval}, ${InvoiceStatus.PendingCancellation}))::int
          as withdrawals,
        ((select count(*) from interviews where status = ${InterviewStatus.Pending}
            and starts_at <= ${now.toISOString()}::timestamptz)
          + (select count(*) from demo_sessions where status = ${DemoSessionStatus.Pending}
            and starts_at <= ${now.toISOString()}::timestamptz))::int as decisions,
        (select count(*) from contact_requests where handled_at is null)::int as "contactRequests"`,
  );
  if (!row) throw new Error('admin overview answered no row');
  return {
    ...row,
    ranges: row.ranges.map((range) => ({ ...range, revenue: Number(range.revenue) })),
  };
}
