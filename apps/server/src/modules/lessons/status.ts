import { and, count, eq } from 'drizzle-orm';
import { LessonStatus } from '@talaqa/domain';
import type { Database } from '../../db';
import { lessons } from '../../db/schema';

/**
 * Whether the student has a fulfilled lesson with the tutor (a student may rate only a tutor of
 * such a lesson). The status is the stored one, which the room's attendance moves
 * (docs/decisions/287-attendance-and-lesson-status.md). Reads through `db`, so a caller's
 * transaction sees its own rows.
 */
export async function hasFulfilledLessonWith(
  db: Database,
  members: { studentId: number; tutorId: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, members.studentId),
        eq(lessons.tutorId, members.tutorId),
        eq(lessons.status, LessonStatus.Fulfilled),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many lessons took place, ever (the figure on the marketing home, cached by its reader). */
export async function countFulfilledLessons(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessons)
    .where(eq(lessons.status, LessonStatus.Fulfilled));
  return row?.total ?? 0;
}
