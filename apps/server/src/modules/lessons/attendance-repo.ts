import { and, asc, eq, sql } from 'drizzle-orm';
import type { AttendanceMark, JoinLeaveEvent } from '@talaqa/domain';
import type { Database } from '../../db';
import { lessons, sessionAttendance } from '../../db/schema';
import type { LessonRow } from '../../db/schema';

/** SQL of the lesson room's attendance (decision 287). */

export async function insertAttendance(
  db: Database,
  values: { lessonId: number; userId: number; event: JoinLeaveEvent; at: Date },
): Promise<void> {
  await db.insert(sessionAttendance).values(values);
}

/** The lesson's joins and leaves, oldest first. */
export async function attendanceOf(db: Database, lessonId: number): Promise<AttendanceMark[]> {
  return db
    .select({
      userId: sessionAttendance.userId,
      event: sessionAttendance.event,
      at: sessionAttendance.at,
    })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.lessonId, lessonId))
    .orderBy(asc(sessionAttendance.at), asc(sessionAttendance.id));
}

/** pending → happening (the first join while the room is open), guarded. */
export async function markHappening(
  db: Database,
  lessonId: number,
  now: Date,
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(lessons)
    .set({ status: 'happening', updatedAt: now })
    .where(and(eq(lessons.id, lessonId), eq(lessons.status, 'pending')))
    .returning();
  return row;
}

/** pending or happening → fulfilled, with the minutes a tutor who left early gave back. */
export async function markFulfilled(
  db: Database,
  lessonId: number,
  values: { minutesReturned: number; price: number; now: Date },
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(lessons)
    .set({
      status: 'fulfilled',
      minutesReturned: values.minutesReturned,
      price: values.price,
      updatedAt: values.now,
    })
    .where(and(eq(lessons.id, lessonId), sql`${lessons.status} in ('pending', 'happening')`))
    .returning();
  return row;
}
