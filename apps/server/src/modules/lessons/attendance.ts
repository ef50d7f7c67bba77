import type { FastifyPluginAsync } from 'fastify';
import {
  isTutorNoShow,
  JoinLeaveEvent,
  lessonEarning,
  LessonCanceledBy,
  sessionOutcome,
  ServerEvent,
} from '@talaqa/domain';
import type { LessonCanceledAnswer, LessonStatus, SessionLesson } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { LessonRow } from '../../db/schema';
import { creditFulfilledLesson } from '../earnings';
import { tutorRateNow } from '../platform-settings';
import { returnMinutes } from '../subscriptions';
import { scheduleMinutesBackNotice, scheduleNoShowNotices } from './attendance-notices';
import { attendanceOf, insertAttendance, markFulfilled, markHappening } from './attendance-repo';
import {
  attendanceJobPayloadSchema,
  LESSON_CLOSE_JOB,
  LESSON_NO_SHOW_JOB,
} from './attendance-schedule';
import { lessonRooms } from './events';
import { findLessonWithPeople, lockLesson } from './repo';
import type { LessonWithPeople } from './repo';
import { cancelLocked, viewOf } from './service';

/**
 * The lesson room's attendance and what it makes of the lesson (issue 19 item 6;
 * docs/decisions/287-attendance-and-lesson-status.md): every join and leave is recorded; the
 * first join while the room is open makes a pending lesson happening; at start + 10 minutes a
 * tutor who has not come is a no-show (the lesson is canceled as the tutor's, every minute goes
 * back to the student and both are told by `LessonCanceled`); at the end the lesson is fulfilled
 * when the tutor came, and the minutes after a tutor's early leave go back.
 */

/** A lesson row as the room's rules read it. */
export const sessionLessonOf = (lesson: LessonRow): SessionLesson => ({
  start: lesson.startsAt,
  duration: lesson.duration,
  status: lesson.status as LessonStatus,
  tutorId: lesson.tutorId,
  studentId: lesson.studentId,
});

/** The lesson and its two people, for the room (undefined when there is no such lesson). */
export const findSessionLesson = (
  db: Database,
  lessonId: number,
): Promise<LessonWithPeople | undefined> => findLessonWithPeople(db, lessonId);

export { attendanceOf };

/**
 * Records a member's join or leave at `now`; a join makes a pending lesson happening. The
 * caller has checked that the room is open and the user is a member.
 */
export async function recordAttendance(
  db: Database,
  mark: { lessonId: number; userId: number; event: JoinLeaveEvent; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertAttendance(tx, {
      lessonId: mark.lessonId,
      userId: mark.userId,
      event: mark.event,
      at: mark.now,
    });
    if (mark.event === JoinLeaveEvent.UserJoined) await markHappening(tx, mark.lessonId, mark.now);
  });
}

type AttendanceDeps = Pick<ServiceContext, 'db' | 'clock' | 'io'> & {
  /** The tutor's next free time moved (a canceled lesson frees it). */
  tutorListingChanged(tutorId: number): Promise<void>;
  /** The lesson is over for good: its room closes. */
  lessonClosed(lessonId: number): Promise<void>;
};

/** The lesson the job was scheduled for, locked, while it is still live at that start. */
async function liveLesson(tx: Database, payload: unknown): Promise<LessonRow | undefined> {
  const { lessonId, start } = attendanceJobPayloadSchema.parse(payload);
  const lesson = await lockLesson(tx, lessonId);
  if (!lesson || lesson.startsAt.getTime() !== new Date(start).getTime()) return undefined;
  return lesson.status === 'pending' || lesson.status === 'happening' ? lesson : undefined;
}

/**
 * Cancels a lesson the tutor did not come to: every minute goes back (while its week runs), and
 * both members are told by message (decision 299) once this commits.
 */
async function cancelForNoShow(tx: Database, lesson: LessonRow, now: Date): Promise<number> {
  const minutes = await cancelLocked(
    tx,
    lesson,
    { canceledBy: LessonCanceledBy.Tutor, minutes: lesson.duration, now },
    ['pending', 'happening'],
  );
  await scheduleNoShowNotices(tx, lesson, minutes);
  return minutes;
}

async function announceCanceled(
  deps: AttendanceDeps,
  lessonId: number,
  minutesReturned: number,
): Promise<void> {
  const answer: LessonCanceledAnswer = { lesson: await viewOf(deps.db, lessonId), minutesReturned };
  deps.io.to(lessonRooms(answer.lesson.members)).emit(ServerEvent.LessonCanceled, answer);
  await deps.tutorListingChanged(answer.lesson.members.tutorId);
  await deps.lessonClosed(lessonId);
}

/** The no-show job (start + 10 minutes). */
export async function settleNoShow(deps: AttendanceDeps, payload: unknown): Promise<void> {
  const now = deps.clock.now();
  const canceled = await deps.db.transaction(async (tx) => {
    const lesson = await liveLesson(tx, payload);
    if (!lesson) return undefined;
    if (!isTutorNoShow(sessionLessonOf(lesson), await attendanceOf(tx, lesson.id))) {
      return undefined;
    }
    return { id: lesson.id, minutes: await cancelForNoShow(tx, lesson, now) };
  });
  if (canceled) await announceCanceled(deps, canceled.id, canceled.minutes);
}

/** The closing job (the lesson's end): fulfilled, or canceled when the tutor never came. */
export async function closeLesson(deps: AttendanceDeps, payload: unknown): Promise<void> {
  const now = deps.clock.now();
  const closed = await deps.db.transaction(async (tx) => {
    const lesson = await liveLesson(tx, payload);
    if (!lesson) return undefined;
    const outcome = sessionOutcome(sessionLessonOf(lesson), await attendanceOf(tx, lesson.id));
    if (outcome.status === 'cancelled') {
      return { id: lesson.id, minutes: await cancelForNoShow(tx, lesson, now) };
    }
    let minutesReturned = 0;
    if (
      outcome.minutesReturned > 0 &&
      lesson.subscriptionId !== null &&
      lesson.quotaWeekStart !== null &&
      (await returnMinutes(
        tx,
        {
          subscriptionId: lesson.subscriptionId,
          minutes: outcome.minutesReturned,
          weekStart: lesson.quotaWeekStart,
        },
        now,
      ))
    ) {
      minutesReturned = outcome.minutesReturned;
    }
    // What the tutor earned is credited in this same transaction, once (decision 318), at the
    // rate the settings hold now: a later change never rewrites it (decision 339).
    const price = lessonEarning(
      { duration: lesson.duration, minutesReturned },
      await tutorRateNow(tx),
    );
    const fulfilled = await markFulfilled(tx, lesson.id, { minutesReturned, price, now });
    if (fulfilled) {
      await creditFulfilledLesson(tx, {
        lessonId: lesson.id,
        tutorId: lesson.tutorId,
        amount: price,
        at: now,
      });
    }
    await scheduleMinutesBackNotice(tx, lesson, minutesReturned);
    return { id: lesson.id, minutes: null };
  });
  if (!closed) return;
  if (closed.minutes === null) await deps.lessonClosed(closed.id);
  else await announceCanceled(deps, closed.id, closed.minutes);
}

/** Registers the attendance jobs' handlers. */
export const lessonAttendanceJobs: FastifyPluginAsync = async (app) => {
  const deps: AttendanceDeps = {
    db: app.database.db,
    clock: app.clock,
    io: app.io,
    tutorListingChanged: (tutorId) =>
      app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] }),
    lessonClosed: (lessonId) => app.domainEvents.emit('LessonClosed', { lessonId }),
  };
  app.jobs.register(LESSON_NO_SHOW_JOB, (payload) => settleNoShow(deps, payload));
  app.jobs.register(LESSON_CLOSE_JOB, (payload) => closeLesson(deps, payload));
};
