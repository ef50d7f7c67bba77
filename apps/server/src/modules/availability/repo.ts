import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { slotWeekMinute } from '@talaqa/domain';
import type { TimeRange, WeeklySlot } from '@talaqa/domain';
import type { Database } from '../../db';
import { appointments, availabilitySlots, lessons, users } from '../../db/schema';

/** Replaces the tutor's whole template (inside the caller's transaction). */
export async function replaceTemplate(
  tx: Database,
  tutorId: number,
  slots: readonly WeeklySlot[],
): Promise<void> {
  await tx.delete(availabilitySlots).where(eq(availabilitySlots.tutorId, tutorId));
  if (slots.length === 0) return;
  await tx.insert(availabilitySlots).values(
    slots.map((slot) => ({
      tutorId,
      startMinute: slotWeekMinute(slot),
      duration: slot.length,
    })),
  );
}

/**
 * Locks the tutor's user row until the transaction ends: saving a schedule and booking a lesson
 * with this tutor both take it, so neither can slip in between the other's check and write.
 */
export async function lockTutor(tx: Database, tutorId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, tutorId))
    .for('update');
  return row !== undefined;
}

/** The tutor's upcoming lessons: pending, not canceled, starting after `now`, by start. */
export async function upcomingLessonsOf(
  tx: Database,
  tutorId: number,
  now: Date,
): Promise<(TimeRange & { id: number })[]> {
  const rows = await tx
    .select({ id: lessons.id, start: lessons.startsAt, duration: lessons.duration })
    .from(lessons)
    .where(
      and(
        eq(lessons.tutorId, tutorId),
        eq(lessons.status, 'pending'),
        isNull(lessons.canceledAt),
        gt(lessons.startsAt, now),
      ),
    )
    .orderBy(asc(lessons.startsAt));
  return rows.map((row) => ({
    id: row.id,
    start: row.start,
    end: new Date(row.start.getTime() + row.duration * 60_000),
  }));
}

/**
 * The person's upcoming interviews and demo sessions (a tutor manager's, issue 21): live
 * appointments other than lessons starting after `now`, by start. A schedule change must keep
 * them inside, as it keeps lessons.
 */
export async function upcomingMeetingsOf(
  tx: Database,
  userId: number,
  now: Date,
): Promise<(TimeRange & { id: number })[]> {
  const rows = await tx
    .select({ id: appointments.id, start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.tutorId, userId),
        ne(appointments.kind, 'lesson'),
        isNull(appointments.releasedAt),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  return rows;
}
