/**
 * Public figures for the marketing home ("N tutors, N lessons"): our extension, open to anyone
 * and cached for a minute by the server (docs/decisions/307-look.md).
 */
import { z } from 'zod';
import { ADMIN_ROLES, anyone, rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { instantSchema, optionalQuery } from '../contract/query-fields';
import { Role } from '../enums';
import { personSummarySchema } from '../lessons/contract';
import { pageSchema } from '../contract/page';
import { idParamsSchema, pageQuerySchema } from '../validation';
import { STATS_WEEKS_DEFAULT, STATS_WEEKS_MAX } from './rules';

const countField = z.number().int().nonnegative();

export const publicStatsSchema = z.object({
  /** Tutors in the public list now (the listing rule of `isTutorListed`). */
  tutors: countField,
  /** Lessons that took place (status fulfilled), ever. */
  lessons: countField,
});
export type PublicStats = z.output<typeof publicStatsSchema>;

/** `?weeks=N`: how many Cairo weeks the chart holds, the current one last (decision 327). */
export const statsQuerySchema = z.object({
  weeks: optionalQuery(
    z.coerce
      .number({ error: 'invalid-type' })
      .int({ error: 'invalid-type' })
      .min(1, { error: 'invalid-type' })
      .max(STATS_WEEKS_MAX, { error: 'invalid-type' }),
  ).transform((weeks) => weeks ?? STATS_WEEKS_DEFAULT),
});
export type StatsQuery = z.input<typeof statsQuerySchema>;

const piasters = z.number().int();
const averageField = z.number().min(1).max(5).nullable();

/** One Cairo week of the tutor's charts; `weekStart` is its Saturday 00:00 in Cairo. */
export const tutorStatsWeekSchema = z.object({
  weekStart: instantSchema,
  /** Lessons that took place (fulfilled) and started this week, and their minutes. */
  lessons: countField,
  minutes: countField,
  /** Different students taught this week. */
  students: countField,
  /** What those lessons earned, net of reversals (piasters; the earnings ledger). */
  earned: piasters,
  /** Ratings given (or last changed) this week and their average, null without any. */
  ratings: countField,
  average: averageField,
});
export type TutorStatsWeek = z.output<typeof tutorStatsWeekSchema>;

/** GET /user/tutor/stats/{id} and /personalized: the tutor dashboard's totals and weeks. */
export const tutorStatsSchema = z.object({
  tutorId: z.number().int(),
  /** Since the start: lessons given, minutes taught, different students, earned (piasters). */
  lessons: countField,
  minutes: countField,
  students: countField,
  earned: piasters,
  /** The tutor's ratings now and their average (null without any). */
  ratings: countField,
  average: averageField,
  weeks: z.array(tutorStatsWeekSchema),
});
export type TutorStats = z.output<typeof tutorStatsSchema>;

/** One Cairo week of the student's chart. */
export const studentStatsWeekSchema = z.object({
  weekStart: instantSchema,
  lessons: countField,
  minutes: countField,
});
export type StudentStatsWeek = z.output<typeof studentStatsWeekSchema>;

/** GET /user/student/stats/{id} and /personalized: minutes learned and streaks. */
export const studentStatsSchema = z.object({
  studentId: z.number().int(),
  /** Since the start: lessons attended (fulfilled), minutes learned, different tutors. */
  lessons: countField,
  minutes: countField,
  tutors: countField,
  /** Weeks in a row with a lesson (`weekStreaks`, over the last `STATS_WEEKS_MAX` weeks). */
  currentStreak: countField,
  longestStreak: countField,
  weeks: z.array(studentStatsWeekSchema),
});
export type StudentStats = z.output<typeof studentStatsSchema>;

/** One Cairo day of a tutor's activity; `day` is its 00:00 in Cairo. */
export const tutorActivityDaySchema = z.object({
  day: instantSchema,
  lessons: countField,
  minutes: countField,
});
export type TutorActivityDay = z.output<typeof tutorActivityDaySchema>;

/** GET /user/tutor/activity/{id}: lessons given day by day, oldest first, today last. */
export const tutorActivitySchema = z.object({
  tutorId: z.number().int(),
  days: z.array(tutorActivityDaySchema),
  /** When the tutor's last lesson given started, ever; null before the first. */
  lastLessonAt: instantSchema.nullable(),
});
export type TutorActivity = z.output<typeof tutorActivitySchema>;

/** GET /user/tutor/tutoring-minutes: the calling tutor's minutes (decision 327). */
export const tutoringMinutesSchema = z.object({
  /** Minutes of lessons given (fulfilled) that started this Cairo week, last week, ever. */
  thisWeek: countField,
  lastWeek: countField,
  total: countField,
  /** Minutes of this week's lessons still to be given (booked, not canceled, not yet fulfilled). */
  booked: countField,
});
export type TutoringMinutes = z.output<typeof tutoringMinutesSchema>;

/** GET /user/tutor/list/uncontacted: the student's tutors the student never wrote to. */
export const uncontactedTutorsSchema = z.array(personSummarySchema);
export type UncontactedTutors = z.output<typeof uncontactedTutorsSchema>;

/** GET /user/tutor/full-tutors: listed tutors with no free time left this week. */
export const fullTutorSchema = personSummarySchema.extend({
  /** Minutes of lessons booked with the tutor this Cairo week (canceled ones aside). */
  bookedMinutes: countField,
});
export type FullTutor = z.output<typeof fullTutorSchema>;
export const fullTutorPageSchema = pageSchema(fullTutorSchema);
export type FullTutorPage = z.output<typeof fullTutorPageSchema>;

/** One Cairo week (or the day) of the platform, for the admin's home (decision 345). */
export const platformFiguresSchema = z.object({
  /** Accounts created: students and tutors. */
  newStudents: countField,
  newTutors: countField,
  /** Payments that succeeded (paid in the period) and what they brought, net of refunds (piasters). */
  payments: countField,
  revenue: piasters,
  /** Lessons booked in the period (by when they were booked), and held (fulfilled, by start). */
  lessonsBooked: countField,
  lessonsHeld: countField,
});
export type PlatformFigures = z.output<typeof platformFiguresSchema>;

/** GET /stats/admin: today's figures, what waits for someone, and the last weeks. */
export const adminOverviewSchema = z.object({
  today: platformFiguresSchema,
  waiting: z.object({
    /** Intro videos not reviewed yet. */
    introVideos: countField,
    /** Withdrawal requests to handle: pending approval or asking to cancel. */
    withdrawals: countField,
    /** Interviews and demo sessions past their start without a decision. */
    decisions: countField,
    /** Contact form messages not handled yet. */
    contactRequests: countField,
  }),
  weeks: z.array(platformFiguresSchema.extend({ weekStart: instantSchema })),
});
export type AdminOverview = z.output<typeof adminOverviewSchema>;

const tutorsAndAdmins = rolesOnly(Role.Tutor, ...ADMIN_ROLES);
const studentsAndAdmins = rolesOnly(Role.Student, ...ADMIN_ROLES);

export const statsEndpoints = {
  admin: endpoint({
    method: 'GET',
    path: '/stats/admin',
    summary: 'The platform today, what waits for an admin, and the last Cairo weeks (extension)',
    access: rolesOnly(...ADMIN_ROLES),
    query: statsQuerySchema,
    responses: { 200: adminOverviewSchema },
  }),
  public: endpoint({
    method: 'GET',
    path: '/stats/public',
    summary: 'Listed tutors and lessons given, for the marketing home (anyone; extension)',
    access: anyone,
    responses: { 200: publicStatsSchema },
  }),
  tutor: endpoint({
    method: 'GET',
    path: '/user/tutor/stats/:id',
    summary:
      'A tutor’s lessons, minutes, students, earnings and ratings by Cairo week (own; admins any)',
    access: tutorsAndAdmins,
    params: idParamsSchema,
    query: statsQuerySchema,
    responses: { 200: tutorStatsSchema },
    errors: ['forbidden', 'tutor-not-found'],
  }),
  tutorPersonalized: endpoint({
    method: 'GET',
    path: '/user/tutor/stats/personalized',
    summary: 'The calling tutor’s dashboard figures by Cairo week',
    access: rolesOnly(Role.Tutor),
    query: statsQuerySchema,
    responses: { 200: tutorStatsSchema },
  }),
  student: endpoint({
    method: 'GET',
    path: '/user/student/stats/:id',
    summary: 'A student’s lessons, minutes learned and streaks by Cairo week (own; admins any)',
    access: studentsAndAdmins,
    params: idParamsSchema,
    query: statsQuerySchema,
    responses: { 200: studentStatsSchema },
    errors: ['forbidden', 'student-not-found'],
  }),
  studentPersonalized: endpoint({
    method: 'GET',
    path: '/user/student/stats/personalized',
    summary: 'The calling student’s minutes learned and streaks by Cairo week',
    access: rolesOnly(Role.Student),
    query: statsQuerySchema,
    responses: { 200: studentStatsSchema },
  }),
  tutorActivity: endpoint({
    method: 'GET',
    path: '/user/tutor/activity/:id',
    summary: 'A tutor’s lessons given day by day over the last weeks (own; admins any)',
    access: tutorsAndAdmins,
    params: idParamsSchema,
    query: statsQuerySchema,
    responses: { 200: tutorActivitySchema },
    errors: ['forbidden', 'tutor-not-found'],
  }),
  tutoringMinutes: endpoint({
    method: 'GET',
    path: '/user/tutor/tutoring-minutes',
    summary: 'The calling tutor’s minutes taught this week, last week and ever, and booked',
    access: rolesOnly(Role.Tutor),
    responses: { 200: tutoringMinutesSchema },
  }),
  uncontacted: endpoint({
    method: 'GET',
    path: '/user/tutor/list/uncontacted',
    summary: 'The calling student’s tutors (a lesson booked) the student has not written to yet',
    access: rolesOnly(Role.Student),
    responses: { 200: uncontactedTutorsSchema },
  }),
  fullTutors: endpoint({
    method: 'GET',
    path: '/user/tutor/full-tutors',
    summary: 'Listed tutors with no free time left this Cairo week, paged (admins, tutor managers)',
    access: rolesOnly(...ADMIN_ROLES, Role.TutorManager),
    query: pageQuerySchema,
    responses: { 200: fullTutorPageSchema },
  }),
};
