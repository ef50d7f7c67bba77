import { isSessionOpen, Role, sessionMeetingOf, sessionWindow } from '@talaqa/domain';
import type { LessonStatus, MeetingSessionView, SessionView } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import { lessonRoom } from '../chat';
import { findSessionMeeting } from '../interviews';
import { attendanceOf, findSessionLesson, sessionLessonOf } from '../lessons';
import { presentIn } from './realtime';

/**
 * GET /session/{id}: the lesson's room as its student or tutor (or an admin) sees it; anyone
 * else, and a lesson that does not exist, get `session-not-found`.
 */
export async function getSession(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'io'>,
  caller: Identity,
  id: number,
): Promise<SessionView> {
  const row = await findSessionLesson(ctx.db, id);
  const lesson = row?.lesson;
  if (!row || !lesson) throw new AppError('session-not-found');
  if (lesson.tutorId !== caller.userId && lesson.studentId !== caller.userId && !isAdmin(caller)) {
    throw new AppError('session-not-found');
  }
  const rules = sessionLessonOf(lesson);
  const { opensAt, closesAt } = sessionWindow(rules);
  const [present, marks, chatRoom] = await Promise.all([
    presentIn(ctx.io, id),
    attendanceOf(ctx.db, id),
    lessonRoom(
      ctx.db,
      { id, tutorId: lesson.tutorId, studentId: lesson.studentId },
      caller.userId,
      ctx.clock.now(),
    ),
  ]);
  return {
    id,
    lessonId: id,
    tutorId: lesson.tutorId,
    studentId: lesson.studentId,
    members: [
      { ...row.tutor, role: Role.Tutor, present: present.includes(lesson.tutorId) },
      { ...row.student, role: Role.Student, present: present.includes(lesson.studentId) },
    ],
    start: lesson.startsAt.toISOString(),
    end: closesAt.toISOString(),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    open: isSessionOpen(rules, ctx.clock.now()),
    status: lesson.status as LessonStatus,
    attendance: marks.map((mark) => ({
      userId: mark.userId,
      event: mark.event,
      at: mark.at.toISOString(),
    })),
    chatRoom,
  };
}

/**
 * GET /session/{kind}/{id}: an interview's or demo session's room as its tutor or tutor manager
 * (or an admin) sees it; anyone else, and one that does not exist, get `session-not-found`. The
 * window is a lesson's rule (`sessionWindow`), the members the tutor and the manager.
 */
export async function getMeetingSession(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'io'>,
  caller: Identity,
  kind: 'interview' | 'demo-session',
  id: number,
): Promise<MeetingSessionView> {
  const meeting = await findSessionMeeting(ctx.db, kind, id);
  if (!meeting) throw new AppError('session-not-found');
  const { tutor, manager } = meeting;
  if (tutor.id !== caller.userId && manager.id !== caller.userId && !isAdmin(caller)) {
    throw new AppError('session-not-found');
  }
  const rules = sessionMeetingOf({ ...meeting, tutorId: tutor.id, managerId: manager.id });
  const { opensAt, closesAt } = sessionWindow(rules);
  const present = await presentIn(ctx.io, id, undefined, kind);
  return {
    id,
    kind,
    tutorId: tutor.id,
    managerId: manager.id,
    members: [
      { ...tutor, role: Role.Tutor, present: present.includes(tutor.id) },
      { ...manager, role: Role.TutorManager, present: present.includes(manager.id) },
    ],
    start: meeting.start.toISOString(),
    end: closesAt.toISOString(),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    open: isSessionOpen(rules, ctx.clock.now()),
    status: meeting.status,
  };
}
