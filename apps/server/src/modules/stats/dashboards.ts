import {
  Role,
  STATS_WEEKS_MAX,
  addCairoDays,
  cairoWeekBounds,
  startOfCairoDay,
  weekStreaks,
} from '@talaqa/domain';
import type {
  AdminOverview,
  FullTutorPage,
  StudentStats,
  TutorActivity,
  TutorStats,
  TutoringMinutes,
  UncontactedTutors,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import {
  adminOverviewRow,
  fullTutorsRow,
  studentStatsRow,
  tutorActivityRow,
  tutorStatsRow,
  tutoringMinutesRow,
  uncontactedTutorRows,
} from './repo';
import type { WeekRange } from './repo';

/**
 * The tutor and student dashboards' figures (decision 327): totals since the start and one entry
 * per Cairo week (or day), oldest first, the current one last; the tutoring minutes, the
 * student's tutors not written to yet and the tutors full this week.
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
 * streaks look at the last `STATS_WEEKS_MAX` weeks whatever the chart asks for; the chart gets the
 * last `weeks` of them.
 */
export async function studentStats(
  { db, clock }: StatsContext,
  caller: Identity,
  studentId: number,
  query: { weeks: number },
): Promise<StudentStats> {
  assertOwnOrAdmin(caller, studentId);
  const weeks = lastWeeks(clock.now(), STATS_WEEKS_MAX);
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

/** The Cairo days from the first of the last `weeks` weeks' Saturday to today, oldest first. */
function daysUpToToday(now: Date, weeks: number): WeekRange[] {
  const first = lastWeeks(now, weeks)[0];
  if (!first) throw new Error('no week');
  const today = startOfCairoDay(now);
  const days: WeekRange[] = [];
  for (let day = first.start; day.getTime() <= today.getTime(); day = addCairoDays(day, 1)) {
    days.push({ start: day, end: addCairoDays(day, 1) });
  }
  return days;
}

/** GET /user/tutor/activity/{id} (own, or any tutor for an admin): lessons given by Cairo day. */
export async function tutorActivity(
  { db, clock }: StatsContext,
  caller: Identity,
  tutorId: number,
  query: { weeks: number },
): Promise<TutorActivity> {
  assertOwnOrAdmin(caller, tutorId);
  const days = daysUpToToday(clock.now(), query.weeks);
  const row = await tutorActivityRow(db, tutorId, days);
  if (row.role !== Role.Tutor) throw new AppError('tutor-not-found');
  return {
    tutorId,
    lastLessonAt: row.lastLessonAt === null ? null : new Date(row.lastLessonAt).toISOString(),
    days: days.map((day, index) => {
      const figures = row.days[index];
      if (!figures) throw new Error('tutor activity lost a day');
      return { day: day.start.toISOString(), ...figures };
    }),
  };
}

/** GET /user/tutor/tutoring-minutes: the calling tutor's minutes. */
export async function tutoringMinutes(
  { db, clock }: StatsContext,
  caller: Identity,
): Promise<TutoringMinutes> {
  const [lastWeek, thisWeek] = lastWeeks(clock.now(), 2);
  if (!lastWeek || !thisWeek) throw new Error('no week');
  const row = await tutoringMinutesRow(db, caller.userId, thisWeek, lastWeek);
  return { thisWeek: row.thisWeek, lastWeek: row.lastWeek, total: row.total, booked: row.booked };
}

/** GET /user/tutor/list/uncontacted: the calling student's tutors not written to yet. */
export async function uncontactedTutors(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
): Promise<UncontactedTutors> {
  const rows = await uncontactedTutorRows(db, caller.userId);
  return rows.map((row) => ({ id: row.id, name: row.name, image: row.image }));
}

/** GET /user/tutor/full-tutors: listed tutors with no free time left this Cairo week. */
export async function fullTutors(
  { db, clock }: StatsContext,
  page: { page: number; size: number },
): Promise<FullTutorPage> {
  const row = await fullTutorsRow(db, cairoWeekBounds(clock.now()), page);
  return { list: row.list, total: row.total };
}

/** GET /stats/admin: today (Cairo), what waits for an admin now, and the last Cairo weeks. */
export async function adminOverview(
  { db, clock }: StatsContext,
  query: { weeks: number },
): Promise<AdminOverview> {
  const now = clock.now();
  const weeks = lastWeeks(now, query.weeks);
  const todayStart = startOfCairoDay(now);
  const today = { start: todayStart, end: addCairoDays(todayStart, 1) };
  const row = await adminOverviewRow(db, [...weeks, today], now);
  const figures = (index: number) => {
    const range = row.ranges[index];
    if (!range) throw new Error('admin overview lost a range');
    return range;
  };
  return {
    today: figures(weeks.length),
    waiting: {
      introVideos: row.introVideos,
      withdrawals: row.withdrawals,
      decisions: row.decisions,
      contactRequests: row.contactRequests,
    },
    weeks: weeks.map((week, index) => ({ weekStart: week.start.toISOString(), ...figures(index) })),
  };
}
