import { isSessionOpen, Role, sessionWindow } from '@talaqa/domain';
import type { LessonStatus, SessionView } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import { lessonRoom } from '../chat';
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
