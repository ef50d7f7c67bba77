import { sql } from 'drizzle-orm';
import { LedgerEntryKind, Role } from '@talaqa/domain';
import { preparedRows } from '../../db';
import type { Database } from '../../db';

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
