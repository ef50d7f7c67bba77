import { and, asc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { WEEKDAYS_FROM_SATURDAY } from '@talaqa/domain';
import type { SessionSlotLength, TimeRange, WeekMinuteSlot, WeeklySlot } from '@talaqa/domain';
import type { Database } from '../../db';
import { appointments, availabilitySlots, lessons } from '../../db/schema';

/**
 * Tutors' time as stored: their weekly slots and their live appointments. The list's next free
 * start, the profile page and the availability feature all read it from here.
 */

const DAY_MINUTES = 24 * 60;

/** A stored slot (minutes from Saturday 00:00 Cairo) as the weekly template's slot. */
export function weeklySlotOf(startMinute: number, duration: number): WeeklySlot {
  const day = Math.floor(startMinute / DAY_MINUTES);
  const minuteOfDay = startMinute % DAY_MINUTES;
  const weekday = WEEKDAYS_FROM_SATURDAY[day];
  if (weekday === undefined) throw new RangeError(`Bad start minute: ${startMinute}`);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return {
    weekday,
    start: `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`,
    length: duration as SessionSlotLength,
  };
}

/**
 * The weekly slots of these tutors as stored (minutes from Saturday 00:00 Cairo), in week order:
 * what `availabilityForWeekMinutes` reads, with no `HH:MM` written and parsed again.
 */
export async function storedSlotsOf(
  db: Database,
  tutorIds: readonly number[],
): Promise<Map<number, WeekMinuteSlot[]>> {
  const slots = new Map<number, WeekMinuteSlot[]>(tutorIds.map((id) => [id, []]));
  if (tutorIds.length === 0) return slots;
  const rows = await db
    .select({
      tutorId: availabilitySlots.tutorId,
      weekMinute: availabilitySlots.startMinute,
      length: availabilitySlots.duration,
    })
    .from(availabilitySlots)
    .where(inArray(availabilitySlots.tutorId, [...tutorIds]))
    .orderBy(asc(availabilitySlots.tutorId), asc(availabilitySlots.startMinute));
  for (const { tutorId, ...slot } of rows) slots.get(tutorId)?.push(slot);
  return slots;
}

/** The weekly templates of these tutors, each in week order (Saturday first, then by start). */
export async function templatesOf(
  db: Database,
  tutorIds: readonly number[],
): Promise<Map<number, WeeklySlot[]>> {
  const templates = new Map<number, WeeklySlot[]>();
  for (const [tutorId, slots] of await storedSlotsOf(db, tutorIds)) {
    templates.set(
      tutorId,
      slots.map((slot) => weeklySlotOf(slot.weekMinute, slot.length)),
    );
  }
  return templates;
}

export async function templateOf(db: Database, tutorId: number): Promise<WeeklySlot[]> {
  return (await templatesOf(db, [tutorId])).get(tutorId) ?? [];
}

/** A busy time of a tutor; `lessonId` only where the viewer is the lesson's tutor or student. */
export interface BusyRow extends TimeRange {
  tutorId: number;
  lessonId?: number;
}

/**
 * The live appointments (lessons, interviews, demo sessions) of these tutors overlapping
 * `range`, by start. Nothing about the other side of a lesson is read.
 */
export async function busyOf(
  db: Database,
  tutorIds: readonly number[],
  range: TimeRange,
  viewerId?: number,
): Promise<Map<number, BusyRow[]>> {
  const busy = new Map<number, BusyRow[]>(tutorIds.map((id) => [id, []]));
  if (tutorIds.length === 0) return busy;
  const rows = await db
    .select({
      tutorId: appointments.tutorId,
      start: appointments.startsAt,
      end: appointments.endsAt,
      lessonId: lessons.id,
      lessonTutorId: lessons.tutorId,
      lessonStudentId: lessons.studentId,
    })
    .from(appointments)
    .leftJoin(lessons, eq(lessons.appointmentId, appointments.id))
    .where(
      and(
        inArray(appointments.tutorId, [...tutorIds]),
        isNull(appointments.releasedAt),
        lt(appointments.startsAt, range.end),
        gt(appointments.endsAt, range.start),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  for (const row of rows) {
    const own =
      viewerId !== undefined &&
      row.lessonId !== null &&
      (row.lessonTutorId === viewerId || row.lessonStudentId === viewerId);
    busy.get(row.tutorId)?.push({
      tutorId: row.tutorId,
      start: row.start,
      end: row.end,
      ...(own && row.lessonId !== null ? { lessonId: row.lessonId } : {}),
    });
  }
  return busy;
}
