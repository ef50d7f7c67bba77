import { Role, STREAK_WEEKS, cairoWeekBounds, weekStreaks } from '@talaqa/domain';
import type { StudentStats, TutorStats } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import { studentStatsRow, tutorStatsRow } from './repo';
import type { WeekRange } from './repo';

/**
 * The tutor and student dashboards' figures (decision 327): totals since the start and one entry
 * per Cairo week, oldest first, the current week last.
 */

type StatsContext = Pick<ServiceContext, 'db' | 'clock'>;

/** The last `count` Cairo weeks up to the one holding `now`, oldest first (DST-safe). */
function lastWeeks(now: Date, count: number): WeekRange[] {
  const weeks: WeekRange[] = [];
  let bounds = cairoWeekBounds(now);
  for (let index = 0; index < count; index += 1) {
    weeks.unshift(bounds);
    bounds = cairoWeekBounds(new Date(bounds.start.getTime() - 1));
  }
  return weeks;
}

/** Only your own figures, unless you are an admin. */
function assertOwnOrAdmin(caller: Identity, userId: number): void {
  if (caller.userId !== userId && !isAdmin(caller)) {
    throw new AppError('forbidden', 'Only your own statistics');
  }
}

/** GET /user/tutor/stats/{id} (own, or any tutor for an admin) and /personalized. */
export async function tutorStats(
  { db, clock }: StatsContext,
  caller: Identity,
  tutorId: number,
  query: { weeks: number },
): Promise<TutorStats> {
  assertOwnOrAdmin(caller, tutorId);
  const weeks = lastWeeks(clock.now(), query.weeks);
  const row = await tutorStatsRow(db, tutorId, weeks);
  if (row.role !== Role.Tutor) throw new AppError('tutor-not-found');
  return {
    tutorId,
    lessons: row.lessons,
    minutes: row.minutes,
    students: row.students,
    earned: row.earned,
    ratings: row.ratings,
    average: row.average,
    weeks: weeks.map((week, index) => {
      const figures = row.weeks[index];
      if (!figures) throw new Error('tutor stats lost a week');
      return { weekStart: week.start.toISOString(), ...figures, earned: Number(figures.earned) };
    }),
  };
}

/**
 * GET /user/student/stats/{id} (own, or any student for an admin) and /personalized. The
 * streaks look at the last `STREAK_WEEKS` weeks whatever the chart asks for; the chart gets the
 * last `weeks` of them.
 */
export async function studentStats(
  { db, clock }: StatsContext,
  caller: Identity,
  studentId: number,
  query: { weeks: number },
): Promise<StudentStats> {
  assertOwnOrAdmin(caller, studentId);
  const weeks = lastWeeks(clock.now(), Math.max(STREAK_WEEKS, query.weeks));
  const row = await studentStatsRow(db, studentId, weeks);
  if (row.role !== Role.Student) throw new AppError('student-not-found');
  const all = weeks.map((week, index) => {
    const figures = row.weeks[index];
    if (!figures) throw new Error('student stats lost a week');
    return { weekStart: week.start.toISOString(), ...figures };
  });
  const streaks = weekStreaks(all.map((week) => week.lessons > 0));
  return {
    studentId,
    lessons: row.lessons,
    minutes: row.minutes,
    tutors: row.tutors,
    currentStreak: streaks.current,
    longestStreak: streaks.longest,
    weeks: all.slice(all.length - query.weeks),
  };
}
