import {
  adminCancelLessonSchema,
  availabilityForWeekMinutes,
  bookingSubscriptionOf,
  cairoDaysRange,
  cairoWeekBounds,
  checkBooking,
  checkReschedule,
  endOf,
  freeCancelUntil,
  isTutorListed,
  LessonCanceledBy,
  lessonDayRangeProblem,
  LessonTiming,
  minutesReturnedOnCancel,
} from '@talaqa/domain';
import type {
  BookingContext,
  BookingVerdict,
  CancelLessonBody,
  LessonCancelBehalf,
  LessonCanceledAnswer,
  LessonListFilters,
  LessonNotHeldAnswer,
  LessonPage,
  LessonStats,
  LessonStatsWeek,
  LessonTally,
  LessonView,
  LessonStatus,
  SessionSlotLength,
} from '@talaqa/domain';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { isExclusionViolation } from '../../db/errors';
import type { LessonRow, SubscriptionRow } from '../../db/schema';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import {
  consumeMinutes,
  findLiveRow,
  grantFreeTrial,
  quotaFields,
  returnMinutes,
} from '../subscriptions';
import {
  bookingReads,
  cancelLessonRow,
  findLessonWithPeople,
  insertAppointment,
  insertLessonHoldingTime,
  lessonsOfMember,
  listLessonRows,
  lockLesson,
  lockStudentThenTutor,
  markNotHeldRow,
  moveLessonRow,
  releaseAppointment,
  userExists,
} from './repo';
import type { BookingReads, LessonWithPeople } from './repo';
import { cancelLessonReminders, scheduleLessonReminders } from './reminders';
import { cancelAttendanceJobs, scheduleAttendanceJobs } from './attendance-schedule';
import { scheduleLessonConfirmations } from './confirmations';
import { refreshNextFree, storeNextFree } from '../tutors';
import { recordAdminAction } from '../audit';
import { reverseLessonCredit, tutorAvailable } from '../earnings';
import type { StoredNextFree } from '../tutors';

/**
 * Lessons (issue 6): booking, moving and cancelling, each in one transaction under the rules of
 * `@talaqa/domain` booking/; the exclusion constraint `appointments_no_overlap` stays the last
 * word on a tutor's time. Realtime events are the caller's job, after the commit.
 */

const APPOINTMENTS_NO_OVERLAP = 'appointments_no_overlap';

/** What the lesson services read: the database and the app's clock. */
type LessonContext = Pick<ServiceContext, 'db' | 'clock'>;

// ---------------------------------------------------------------------------------------------
// Views

/**
 * A lesson as screens show it. Its status is the stored one, which the room's attendance moves
 * (docs/decisions/287-attendance-and-lesson-status.md).
 */
export function toLessonView(row: LessonWithPeople, reader: LessonReader = 'member'): LessonView {
  const { lesson } = row;
  const canceledByAdmin = lesson.cancelReason !== null;
  const canceledBy = lesson.canceledBy as LessonCanceledBy | null;
  const start = lesson.startsAt;
  return {
    id: lesson.id,
    members: { tutorId: lesson.tutorId, studentId: lesson.studentId },
    price: lesson.price,
    duration: lesson.duration as SessionSlotLength,
    start: start.toISOString(),
    end: endOf(start, lesson.duration).toISOString(),
    status: lesson.status as LessonStatus,
    canceledBy,
    tutor: row.tutor,
    student: row.student,
    bookedAt: lesson.createdAt.toISOString(),
    canceledAt: lesson.canceledAt?.toISOString() ?? null,
    freeCancelUntil: freeCancelUntil({
      start,
      duration: lesson.duration,
      bookedAt: lesson.createdAt,
    }).toISOString(),
    attended: row.attended,
    canceledByAdmin,
    // Who canceled and why is the admins' to read (decision 344): the members see that the
    // administration did it and for whom, never the reason an admin wrote down.
    adminCancel:
      reader === 'admin' && canceledByAdmin && lesson.cancelReason !== null && isBehalf(canceledBy)
        ? { onBehalfOf: canceledBy, reason: lesson.cancelReason, admin: row.admin }
        : null,
  };
}

/** Who reads a lesson: one of its members (or the realtime rooms), or an admin. */
export type LessonReader = 'member' | 'admin';

const readerOf = (caller: Identity): LessonReader => (isAdmin(caller) ? 'admin' : 'member');

const isBehalf = (canceledBy: LessonCanceledBy | null): canceledBy is LessonCancelBehalf =>
  canceledBy === LessonCanceledBy.Tutor || canceledBy === LessonCanceledBy.Student;

export async function viewOf(
  db: Database,
  id: number,
  reader: LessonReader = 'member',
): Promise<LessonView> {
  const row = await findLessonWithPeople(db, id);
  if (!row) throw new AppError('lesson-not-found');
  return toLessonView(row, reader);
}

const isMember = (lesson: LessonRow, caller: Identity): boolean =>
  lesson.studentId === caller.userId || lesson.tutorId === caller.userId;

// ---------------------------------------------------------------------------------------------
// The booking context

/**
 * Everything `checkBooking` needs but the requested time, read inside the transaction after the
 * student's row is locked (so "one upcoming lesson at a time" holds under concurrency).
 */
async function bookingContext(
  tx: Database,
  studentId: number,
  tutorId: number,
  now: Date,
): Promise<
  BookingContext & {
    subscriptionRow: SubscriptionRow | undefined;
    people: BookingReads['people'];
    storedNextFree: StoredNextFree | undefined;
  }
> {
  const student = await lockStudentThenTutor(tx, studentId, tutorId);
  if (!student) throw new AppError('unauthenticated', 'The account no longer exists');
  let subscription = await findLiveRow(tx, studentId, now);
  // The free trial is granted the first time a student needs it, as consumeMinutes would.
  if (!subscription && (await grantFreeTrial(tx, studentId, now))) {
    subscription = await findLiveRow(tx, studentId, now);
  }
  const reads = await bookingReads(tx, studentId, tutorId, cairoWeekBounds(now), now);
  return {
    now,
    tutor: {
      listed: reads.tutor !== undefined && isTutorListed(reads.tutor),
      noticePeriod: reads.tutor?.noticePeriod ?? 0,
    },
    availability: availabilityForWeekMinutes(reads.slots, now),
    busy: reads.busy,
    student: {
      verifiedEmail: student.emailVerified,
      subscription: bookingSubscriptionOf(subscription && quotaFields(subscription), now),
      hasUpcomingLesson: reads.hasUpcomingLesson,
    },
    subscriptionRow: subscription,
    people: reads.people,
    storedNextFree: reads.tutor && {
      at: reads.tutor.nextFreeAt === null ? null : new Date(reads.tutor.nextFreeAt),
      week: reads.tutor.nextFreeWeek === null ? null : new Date(reads.tutor.nextFreeWeek),
    },
  };
}

function refuseUnlessOk(verdict: BookingVerdict): void {
  if (!verdict.ok) throw new AppError(verdict.code, `Refused by rule ${verdict.rule}`);
}

/** Holds the tutor's time; the database refuses an overlap with `conflicting-lessons`. */
export function holdTime(
  tx: Database,
  tutorId: number,
  start: Date,
  duration: number,
): Promise<number> {
  return refusingOverlap(() =>
    insertAppointment(tx, { tutorId, startsAt: start, endsAt: endOf(start, duration) }),
  );
}

/** Runs a write that takes a tutor's time, answering an overlap as `conflicting-lessons`. */
async function refusingOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isExclusionViolation(error, APPOINTMENTS_NO_OVERLAP)) {
      throw new AppError('conflicting-lessons', 'The tutor is taken at that time');
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Book

export interface BookRequest {
  tutorId: number;
  start: Date;
  duration: SessionSlotLength;
}

/**
 * POST /lesson/: the booked lesson, and whether it moved the tutor's next free start (only then
 * do the tutor's card and the public list change).
 */
export async function bookLesson(
  { db, clock }: LessonContext,
  caller: Identity,
  request: BookRequest,
): Promise<{ lesson: LessonView; nextFreeMoved: boolean }> {
  const now = clock.now();
  const booked = await db.transaction(async (tx) => {
    const context = await bookingContext(tx, caller.userId, request.tutorId, now);
    refuseUnlessOk(checkBooking({ ...context, start: request.start, duration: request.duration }));
    const held = { start: request.start, end: endOf(request.start, request.duration) };
    const nextFreeMoved = await storeNextFree(
      tx,
      request.tutorId,
      { ...context, busy: [...context.busy, held] },
      context.storedNextFree,
    );
    const consumed = await consumeMinutes(
      tx,
      caller.userId,
      request.duration,
      now,
      context.subscriptionRow,
    );
    const lesson = await refusingOverlap(() =>
      insertLessonHoldingTime(
        tx,
        {
          tutorId: request.tutorId,
          studentId: caller.userId,
          subscriptionId: consumed.subscriptionId,
          startsAt: request.start,
          duration: request.duration,
          quotaWeekStart: consumed.weekStart,
          createdAt: now,
          updatedAt: now,
        },
        held.end,
      ),
    );
    await scheduleLessonReminders(tx, lesson, now, { newLesson: true });
    await scheduleAttendanceJobs(tx, lesson);
    await scheduleLessonConfirmations(tx, lesson, { event: 'booked' });
    // Both rows are locked and checkBooking passed, so both people exist.
    const { tutor, student } = context.people;
    if (!tutor || !student) throw new Error('a booking without its tutor or student row');
    return {
      row: { lesson, tutor, student, admin: null, attended: { tutor: false, student: false } },
      nextFreeMoved,
    };
  });
  return { lesson: toLessonView(booked.row), nextFreeMoved: booked.nextFreeMoved };
}

// ---------------------------------------------------------------------------------------------
// Reschedule

/** PATCH /lesson: the student moves their lesson; answers it at its new time. */
export async function rescheduleLesson(
  { db, clock }: LessonContext,
  caller: Identity,
  request: { id: number } & Omit<BookRequest, 'tutorId'>,
): Promise<{ lesson: LessonView; previous: { start: string; duration: SessionSlotLength } }> {
  const now = clock.now();
  const previous = await db.transaction(async (tx) => {
    // Lesson first, then the student's row (bookingContext): no writer locks them the other way.
    const lesson = await lockLesson(tx, request.id);
    if (!lesson || lesson.studentId !== caller.userId || lesson.status !== 'pending') {
      throw new AppError('lesson-not-found');
    }
    const context = await bookingContext(tx, caller.userId, lesson.tutorId, now);
    const duration = lesson.duration as SessionSlotLength;
    refuseUnlessOk(
      checkReschedule(
        { ...context, start: request.start, duration: request.duration },
        { id: lesson.id, start: lesson.startsAt, duration, bookedAt: lesson.createdAt },
      ),
    );
    await releaseAppointment(tx, lesson.appointmentId, now);
    const appointmentId = await holdTime(tx, lesson.tutorId, request.start, request.duration);
    const held = { start: request.start, end: endOf(request.start, request.duration) };
    const others = context.busy.filter((busy) => busy.lessonId !== lesson.id);
    await storeNextFree(tx, lesson.tutorId, { ...context, busy: [...others, held] });
    if (lesson.subscriptionId !== null && lesson.quotaWeekStart !== null) {
      await returnMinutes(
        tx,
        {
          subscriptionId: lesson.subscriptionId,
          minutes: duration,
          weekStart: lesson.quotaWeekStart,
        },
        now,
      );
    }
    const consumed = await consumeMinutes(tx, caller.userId, request.duration, now);
    const moved = await moveLessonRow(tx, lesson.id, {
      appointmentId,
      startsAt: request.start,
      duration: request.duration,
      subscriptionId: consumed.subscriptionId,
      quotaWeekStart: consumed.weekStart,
      now,
    });
    if (!moved) throw new AppError('lesson-not-found');
    await scheduleLessonReminders(tx, moved, now);
    await scheduleAttendanceJobs(tx, moved);
    await scheduleLessonConfirmations(tx, moved, { event: 'moved', previous: lesson });
    return { start: lesson.startsAt.toISOString(), duration };
  });
  return { lesson: await viewOf(db, request.id), previous };
}

// ---------------------------------------------------------------------------------------------
// Cancel

/** Who cancels, as the lesson records it: its student or its tutor (a member's own cancel). */
function cancelerOf(lesson: LessonRow, caller: Identity): LessonCancelBehalf {
  return lesson.studentId === caller.userId ? LessonCanceledBy.Student : LessonCanceledBy.Tutor;
}

/**
 * Who a cancel is for, and the admin's reason when an admin sends it
 * (docs/decisions/344-admin-cancels-lesson-for-a-member.md). A member
 * sends no body (`forbidden` with one: only admins cancel for someone else); an admin must name
 * the member and the reason (`adminCancelLessonSchema`, field codes), checked before any read.
 */
function cancelRequestOf(
  caller: Identity,
  body: CancelLessonBody,
): { onBehalfOf: LessonCancelBehalf; reason: string } | undefined {
  const sent = body?.onBehalfOf !== undefined || body?.reason !== undefined;
  if (!isAdmin(caller)) {
    if (sent) throw new AppError('forbidden', 'Only an admin cancels on someone’s behalf');
    return undefined;
  }
  // Throws the schema's ZodError: a 400 with the fields' codes.
  return adminCancelLessonSchema.parse(body ?? {});
}

/**
 * Cancels a lesson locked by the caller's transaction: `minutes` go back to the student's
 * subscription while their quota week runs, the tutor's time is released, its reminders and
 * attendance jobs are cancelled. Answers the minutes actually given back. `from`: the statuses
 * it may be canceled from (a member cancels only a pending lesson; the attendance rules a
 * happening one too). `byAdmin`: an admin's cancel on the member's behalf, kept on the lesson.
 */
export async function cancelLocked(
  tx: Database,
  lesson: LessonRow,
  values: {
    canceledBy: LessonCanceledBy;
    minutes: number;
    now: Date;
    byAdmin?: { adminId: number; reason: string } | undefined;
  },
  from: readonly ('pending' | 'happening')[] = ['pending'],
): Promise<number> {
  const { canceledBy, now, byAdmin } = values;
  let minutes = values.minutes;
  if (minutes > 0 && lesson.subscriptionId !== null && lesson.quotaWeekStart !== null) {
    const returned = await returnMinutes(
      tx,
      { subscriptionId: lesson.subscriptionId, minutes, weekStart: lesson.quotaWeekStart },
      now,
    );
    if (!returned) minutes = 0;
  } else {
    minutes = 0;
  }
  const canceled = await cancelLessonRow(
    tx,
    lesson.id,
    { canceledBy, now, minutesReturned: minutes, byAdmin },
    from,
  );
  if (!canceled) throw new AppError('illegal', 'The lesson is no longer pending');
  await releaseAppointment(tx, lesson.appointmentId, now);
  await refreshNextFree(tx, [lesson.tutorId], now);
  await cancelLessonReminders(tx, lesson.id);
  await cancelAttendanceJobs(tx, lesson.id);
  return minutes;
}

export interface CancelOutcome {
  /** The caller's answer (an admin's shows who canceled and why). */
  answer: LessonCanceledAnswer;
  /** What the members' rooms hear (LessonCanceled): their view of the lesson. */
  event: LessonCanceledAnswer;
  /** False when the lesson was already canceled: nothing changed, nothing to announce. */
  changed: boolean;
}

/**
 * DELETE /lesson/{id}: its student or tutor cancels it, or an admin does for one of them with a
 * reason (decision 344). The minutes go back per `minutesReturnedOnCancel` for the member it is
 * canceled as, only while their quota week runs. A lesson already canceled is answered as it is
 * (a retry writes nothing, no second audit row); a lesson no longer pending is `illegal`, one
 * that is over `lesson-time-passed`. An admin's cancel writes its audit row in the transaction.
 */
export async function cancelLesson(
  { db, clock }: LessonContext,
  caller: Identity,
  id: number,
  body: CancelLessonBody = undefined,
): Promise<CancelOutcome> {
  const now = clock.now();
  const request = cancelRequestOf(caller, body);
  const outcome = await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, id);
    if (!lesson || (!isMember(lesson, caller) && !isAdmin(caller))) {
      throw new AppError('lesson-not-found');
    }
    if (lesson.status === 'cancelled') {
      return { minutesReturned: lesson.minutesReturned, changed: false };
    }
    if (request && lesson.status !== 'pending') {
      throw new AppError('illegal', 'Only a pending lesson can be canceled');
    }
    if (endOf(lesson.startsAt, lesson.duration).getTime() <= now.getTime()) {
      throw new AppError('lesson-time-passed', 'The lesson is over');
    }
    const canceledBy = request?.onBehalfOf ?? cancelerOf(lesson, caller);
    const minutes = await cancelLocked(tx, lesson, {
      canceledBy,
      minutes: minutesReturnedOnCancel(
        { start: lesson.startsAt, duration: lesson.duration, bookedAt: lesson.createdAt },
        canceledBy,
        now,
      ),
      now,
      byAdmin: request && { adminId: caller.userId, reason: request.reason },
    });
    if (request) {
      await recordAdminAction(
        tx,
        {
          actorId: caller.userId,
          action: 'lesson.cancel',
          targetId: lesson.id,
          details: {
            onBehalfOf: request.onBehalfOf,
            reason: request.reason,
            tutorId: lesson.tutorId,
            studentId: lesson.studentId,
            minutesReturned: minutes,
          },
        },
        now,
      );
    }
    // Here, not in cancelLocked: the no-show path sends its own notice (decision 299).
    await scheduleLessonConfirmations(
      tx,
      { ...lesson, updatedAt: now },
      {
        event: 'canceled',
        canceledBy,
        minutes,
        previousUpdatedAt: lesson.updatedAt,
        byAdmin: request !== undefined,
      },
    );
    return { minutesReturned: minutes, changed: true };
  });
  const row = await findLessonWithPeople(db, id);
  if (!row) throw new AppError('lesson-not-found');
  const { minutesReturned, changed } = outcome;
  return {
    answer: { lesson: toLessonView(row, readerOf(caller)), minutesReturned },
    event: { lesson: toLessonView(row), minutesReturned },
    changed,
  };
}

/**
 * POST /lesson/{id}/not-held (admins; decision 338): a fulfilled lesson later found not held is
 * canceled by the tutor, the minutes not yet returned go back to the student while the quota week
 * runs, and the tutor's credit is reversed by a ledger entry, all in one transaction. Allowed even
 * when the tutor's balance goes below zero (the money was withdrawn): later credits cover it
 * first. A lesson already canceled is answered as it is (`changed` false; a retry reverses
 * nothing); a pending or happening one is `illegal`.
 */
export async function markLessonNotHeld(
  { db, clock }: LessonContext,
  admin: Identity,
  id: number,
): Promise<{ answer: LessonNotHeldAnswer; changed: boolean }> {
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, id);
    if (!lesson) throw new AppError('lesson-not-found');
    if (lesson.status === 'cancelled') {
      return { minutesReturned: 0, reversed: 0, tutorId: lesson.tutorId, changed: false };
    }
    if (lesson.status !== 'fulfilled') {
      throw new AppError('illegal', 'Only a fulfilled lesson can be found not held');
    }
    const rest = lesson.duration - lesson.minutesReturned;
    const returned =
      rest > 0 &&
      lesson.subscriptionId !== null &&
      lesson.quotaWeekStart !== null &&
      (await returnMinutes(
        tx,
        { subscriptionId: lesson.subscriptionId, minutes: rest, weekStart: lesson.quotaWeekStart },
        now,
      ));
    const minutesReturned = returned ? rest : 0;
    const row = await markNotHeldRow(tx, lesson.id, {
      now,
      minutesReturned: lesson.minutesReturned + minutesReturned,
    });
    if (!row) throw new AppError('illegal', 'The lesson changed meanwhile');
    const reversed = await reverseLessonCredit(tx, lesson.id, now);
    await recordAdminAction(
      tx,
      {
        actorId: admin.userId,
        action: 'lesson.not-held',
        targetId: lesson.id,
        details: { tutorId: lesson.tutorId, minutesReturned, reversed },
      },
      now,
    );
    return { minutesReturned, reversed, tutorId: lesson.tutorId, changed: true };
  });
  return {
    answer: {
      lesson: await viewOf(db, id, 'admin'),
      minutesReturned: outcome.minutesReturned,
      reversed: outcome.reversed,
      tutorAvailable: await tutorAvailable(db, outcome.tutorId),
    },
    changed: outcome.changed,
  };
}

// ---------------------------------------------------------------------------------------------
// Read

/** GET /lesson/{id}: its student's or tutor's, or any for admins. */
export async function getLesson(
  { db }: Pick<LessonContext, 'db'>,
  caller: Identity,
  id: number,
): Promise<LessonView> {
  const row = await findLessonWithPeople(db, id);
  if (!row || (!isMember(row.lesson, caller) && !isAdmin(caller))) {
    throw new AppError('lesson-not-found');
  }
  return toLessonView(row, readerOf(caller));
}

/** GET /lesson/list: the caller's lessons (admins: everyone's). */
export async function listLessons(
  { db, clock }: LessonContext,
  caller: Identity,
  query: LessonListFilters,
): Promise<LessonPage> {
  const now = clock.now();
  const { page, size, state, when, status, from, to, tutorId, studentId, order } = query;
  const soonestFirst = when === LessonTiming.Future || when === LessonTiming.Now;
  const reversed = lessonDayRangeProblem({ from, to });
  if (reversed) {
    throw new AppError(reversed, 'The range ends before it starts', {
      fields: [{ path: 'to', code: reversed }],
    });
  }
  const days = cairoDaysRange(from, to);
  const { rows, total } = await listLessonRows(
    db,
    {
      memberId: isAdmin(caller) ? undefined : caller.userId,
      tutorId,
      studentId,
      state,
      when,
      status,
      startsFrom: days.start,
      startsBefore: days.end,
      order: order ?? (soonestFirst ? 'asc' : 'desc'),
    },
    { page, size },
    now,
  );
  const reader = readerOf(caller);
  return { list: rows.map((row) => toLessonView(row, reader)), total };
}

const emptyTally = (): LessonTally => ({ lessons: 0, minutes: 0 });

function add(tally: LessonTally, minutes: number): void {
  tally.lessons += 1;
  tally.minutes += minutes;
}

/**
 * GET /lesson/attended/stats: the caller's lessons as student or tutor (an admin may name any
 * user; others may name only themselves, else `forbidden`).
 */
export async function lessonStats(
  { db, clock }: LessonContext,
  caller: Identity,
  query: { weeks: number; userId?: number | undefined },
): Promise<LessonStats> {
  const now = clock.now();
  const userId = query.userId ?? caller.userId;
  if (userId !== caller.userId) {
    if (!isAdmin(caller)) throw new AppError('forbidden', 'Only your own statistics');
    if (!(await userExists(db, userId))) throw new AppError('user-not-found');
  }
  // The Cairo weeks asked for, oldest first, the current one last (DST-safe: week by week).
  const weeks: LessonStatsWeek[] = [];
  let bounds = cairoWeekBounds(now);
  for (let index = 0; index < query.weeks; index += 1) {
    weeks.unshift({ weekStart: bounds.start.toISOString(), ...emptyTally() });
    bounds = cairoWeekBounds(new Date(bounds.start.getTime() - 1));
  }
  const stats: LessonStats = {
    attended: emptyTally(),
    canceled: emptyTally(),
    upcoming: emptyTally(),
    weeks,
  };
  for (const lesson of await lessonsOfMember(db, userId)) {
    if (lesson.canceled) {
      add(stats.canceled, lesson.duration);
      continue;
    }
    if (endOf(lesson.startsAt, lesson.duration).getTime() > now.getTime()) {
      add(stats.upcoming, lesson.duration);
      continue;
    }
    add(stats.attended, lesson.duration);
    const weekStart = cairoWeekBounds(lesson.startsAt).start.toISOString();
    const week = weeks.find((entry) => entry.weekStart === weekStart);
    if (week) add(week, lesson.duration);
  }
  return stats;
}
