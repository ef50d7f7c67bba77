/**
 * The lessons endpoints (spec section 7, issue 6) and the shapes they answer. Students book and
 * move their lessons; a lesson's student or tutor (or an admin) reads and cancels it, which the
 * service checks. Paths are the server's own (it ignores a trailing slash).
 */
import { z } from 'zod';
import { admins, rolesOnly, signedIn } from '../access';
import { BOOKING_RULES } from '../booking';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import type { Lesson } from '../entities';
import { Role, SESSION_SLOT_LENGTHS } from '../enums';
import type { ErrorCode } from '../errors';
import { LESSON_CANCELED_BY, LESSON_STATUSES } from '../statuses';
import {
  bookLessonBodySchema,
  cancelLessonBodySchema,
  LESSON_CANCEL_BEHALVES,
  lessonIdParamsSchema,
  lessonListQuerySchema,
  lessonStatsQuerySchema,
  rescheduleLessonBodySchema,
} from './validation';

const id = z.number().int();

/** The other side of a lesson as the lists show it. */
export const personSummarySchema = z.object({ id, name: z.string(), image: z.string().nullable() });
export type PersonSummary = z.infer<typeof personSummarySchema>;

/**
 * A lesson as screens show it. `status` is stored: pending, happening from the first join of its
 * room, then fulfilled or cancelled by its attendance (../session/rules).
 */
export const lessonViewSchema = z.object({
  id,
  members: z.object({ tutorId: id, studentId: id }),
  /** Piasters. */
  price: z.number().int(),
  duration: z.literal(SESSION_SLOT_LENGTHS),
  start: instantSchema,
  status: z.literal(LESSON_STATUSES),
  canceledBy: z.literal(LESSON_CANCELED_BY).nullable(),
  /** `start` + `duration`. */
  end: instantSchema,
  tutor: personSummarySchema,
  student: personSummarySchema,
  bookedAt: instantSchema,
  canceledAt: instantSchema.nullable(),
  /** Until when the student may cancel with the minutes back, or reschedule (`freeCancelUntil`). */
  freeCancelUntil: instantSchema,
  /** Who came to the lesson's room (joined it at least once): past lessons show it. */
  attended: z.object({ tutor: z.boolean(), student: z.boolean() }),
  /**
   * An admin canceled it on a member's behalf (`canceledBy` names the member; decision 344).
   * Everyone who may read the lesson sees this much.
   */
  canceledByAdmin: z.boolean(),
  /** Who and why: answered to admins only (null for the members and when no admin canceled it). */
  adminCancel: z
    .object({
      onBehalfOf: z.enum(LESSON_CANCEL_BEHALVES),
      reason: z.string(),
      /** Null once that admin's account is gone. */
      admin: personSummarySchema.nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<Lesson>;
export type LessonView = z.infer<typeof lessonViewSchema>;

export const lessonPageSchema = pageSchema(lessonViewSchema);
export type LessonPage = z.infer<typeof lessonPageSchema>;

/** DELETE /lesson/{id} (its student or tutor, or an admin for one of them): the canceled lesson. */
export const lessonCanceledAnswerSchema = z.object({
  lesson: lessonViewSchema,
  /** Minutes given back to the student's subscription (`minutesReturnedOnCancel`). */
  minutesReturned: z.number().int(),
});
export type LessonCanceledAnswer = z.infer<typeof lessonCanceledAnswerSchema>;

/** A fulfilled lesson an admin found not held (decision 338): now canceled, its credit reversed. */
export const lessonNotHeldAnswerSchema = lessonCanceledAnswerSchema.extend({
  /** Piasters taken back from the tutor's earnings by this call (0 on a retry). */
  reversed: z.number().int().nonnegative(),
  /** The tutor's available balance after it, in piasters: below zero when already withdrawn. */
  tutorAvailable: z.number().int(),
});
export type LessonNotHeldAnswer = z.infer<typeof lessonNotHeldAnswerSchema>;

export const lessonTallySchema = z.object({ lessons: z.number().int(), minutes: z.number().int() });
export type LessonTally = z.infer<typeof lessonTallySchema>;

/** One Cairo week (Saturday first) of the stats chart. */
export const lessonStatsWeekSchema = lessonTallySchema.extend({ weekStart: instantSchema });
export type LessonStatsWeek = z.infer<typeof lessonStatsWeekSchema>;

/**
 * GET /lesson/attended/stats: a student's or tutor's lessons. Attended lessons are those that
 * ended without being canceled; `weeks` holds one entry per Cairo week asked for, oldest first,
 * the current week last, for the dashboard's chart.
 */
export const lessonStatsSchema = z.object({
  attended: lessonTallySchema,
  canceled: lessonTallySchema,
  upcoming: lessonTallySchema,
  weeks: z.array(lessonStatsWeekSchema),
});
export type LessonStats = z.infer<typeof lessonStatsSchema>;

/** What booking may refuse, in `BOOKING_RULES` order (moving a lesson runs the same rules). */
const BOOKING_ERRORS: readonly ErrorCode[] = [...new Set(BOOKING_RULES.map((rule) => rule.code))];

export const lessonEndpoints = {
  book: endpoint({
    method: 'POST',
    path: '/lesson',
    summary: 'Books a lesson with a tutor this week',
    access: rolesOnly(Role.Student),
    body: bookLessonBodySchema,
    responses: { 201: lessonViewSchema },
    errors: BOOKING_ERRORS,
  }),
  reschedule: endpoint({
    method: 'PATCH',
    path: '/lesson',
    summary: 'Moves one of the student’s lessons to a new start',
    access: rolesOnly(Role.Student),
    body: rescheduleLessonBodySchema,
    responses: { 200: lessonViewSchema },
    errors: ['lesson-not-found', ...BOOKING_ERRORS],
  }),
  list: endpoint({
    method: 'GET',
    path: '/lesson/list',
    summary: 'The caller’s lessons (every lesson for admins), filtered and paged',
    access: signedIn,
    query: lessonListQuerySchema,
    responses: { 200: lessonPageSchema },
    errors: ['invalid-date', 'invalid-date-range'],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/lesson/attended/stats',
    summary: 'Attended, canceled and upcoming lessons, and minutes by Cairo week',
    access: signedIn,
    query: lessonStatsQuerySchema,
    responses: { 200: lessonStatsSchema },
    errors: ['forbidden', 'user-not-found'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/lesson/:id',
    summary: 'One lesson of the caller (any lesson for admins)',
    access: signedIn,
    params: lessonIdParamsSchema,
    responses: { 200: lessonViewSchema },
    errors: ['lesson-not-found'],
  }),
  notHeld: endpoint({
    method: 'POST',
    path: '/lesson/:id/not-held',
    summary: 'An admin records that a fulfilled lesson was not held (extension)',
    description:
      'The lesson becomes canceled by the tutor, the student gets the minutes back while their ' +
      'quota week runs, and the tutor’s credit for it is reversed by a ledger entry, in one ' +
      'transaction. A lesson already found not held answers as it is.',
    access: admins,
    params: lessonIdParamsSchema,
    responses: { 200: lessonNotHeldAnswerSchema },
    errors: ['lesson-not-found', 'illegal'],
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/lesson/:id',
    summary: 'Cancels a lesson; the student gets the minutes back while it is early enough',
    description:
      'A member sends no body. An admin cancels for the tutor or the student with a reason ' +
      '(`onBehalfOf`, `reason`, 5-500 characters): the minutes follow that member’s rule, the ' +
      'reason and the admin are kept on the lesson and in the audit log (decision 344). A ' +
      'member sending these fields is `forbidden`; a lesson already canceled is answered as it is.',
    access: signedIn,
    params: lessonIdParamsSchema,
    body: cancelLessonBodySchema,
    responses: { 200: lessonCanceledAnswerSchema },
    errors: [
      'lesson-not-found',
      'illegal',
      'lesson-time-passed',
      'forbidden',
      'required',
      'lesson-cancel-reason-too-short',
      'lesson-cancel-reason-too-long',
    ],
  }),
};
