import { endOf, tutorNoShowAt } from '@talaqa/domain';
import { z } from 'zod';
import type { Database } from '../../db';
import { cancelJobs, scheduleJobs } from '../../jobs';

/**
 * The attendance jobs of a lesson (decision 287), scheduled in the transaction that books or
 * moves it and cancelled with it, keyed by lesson: at start + 10 minutes the no-show rule, at the
 * end the lesson's outcome. Each carries the start it was scheduled for, so a job left over from
 * an old time does nothing.
 */
export const LESSON_NO_SHOW_JOB = 'lessons.no-show';
export const LESSON_CLOSE_JOB = 'lessons.close';

export const attendanceJobPayloadSchema = z.object({
  lessonId: z.number().int().positive(),
  start: z.string(),
});
export type AttendanceJobPayload = z.infer<typeof attendanceJobPayloadSchema>;

export async function scheduleAttendanceJobs(
  tx: Database,
  lesson: { id: number; startsAt: Date; duration: number },
): Promise<void> {
  const payload: AttendanceJobPayload = {
    lessonId: lesson.id,
    start: lesson.startsAt.toISOString(),
  };
  const key = String(lesson.id);
  await scheduleJobs(tx, [
    { kind: LESSON_NO_SHOW_JOB, key, runAt: tutorNoShowAt({ start: lesson.startsAt }), payload },
    { kind: LESSON_CLOSE_JOB, key, runAt: endOf(lesson.startsAt, lesson.duration), payload },
  ]);
}

export async function cancelAttendanceJobs(tx: Database, lessonId: number): Promise<void> {
  await cancelJobs(tx, LESSON_NO_SHOW_JOB, String(lessonId));
  await cancelJobs(tx, LESSON_CLOSE_JOB, String(lessonId));
}
