import { and, eq, isNull, lte } from 'drizzle-orm';
import { LessonStatus, lessonStatusAt } from '@talaqa/domain';
import type { LessonCanceledBy } from '@talaqa/domain';
import type { Database } from '../../db';
import { lessons } from '../../db/schema';
import type { LessonRow } from '../../db/schema';

/**
 * A lesson's status as every answer of the server gives it (the lesson views, the rating rule):
 * written once here, so whatever decides it (today the clock, `lessonStatusAt`) decides it for
 * all of them.
 */
export function statusOfLesson(
  lesson: Pick<LessonRow, 'startsAt' | 'duration' | 'canceledBy'>,
  now: Date,
): LessonStatus {
  return lessonStatusAt(
    {
      start: lesson.startsAt,
      duration: lesson.duration,
      canceledBy: lesson.canceledBy as LessonCanceledBy | null,
    },
    now,
  );
}

/**
 * Whether the student has a fulfilled lesson with the tutor at `now` (a student may rate only a
 * tutor of such a lesson). Only lessons already started and not canceled can be fulfilled; their
 * status is `statusOfLesson`'s. Reads through `db`, so a caller's transaction sees its own rows.
 */
export async function hasFulfilledLessonWith(
  db: Database,
  members: { studentId: number; tutorId: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({
      startsAt: lessons.startsAt,
      duration: lessons.duration,
      canceledBy: lessons.canceledBy,
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, members.studentId),
        eq(lessons.tutorId, members.tutorId),
        isNull(lessons.canceledAt),
        lte(lessons.startsAt, now),
      ),
    );
  return rows.some((row) => statusOfLesson(row, now) === LessonStatus.Fulfilled);
}
