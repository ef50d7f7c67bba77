import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationMethod } from '@talaqa/domain';
import type { Database } from '../../db';
import { lessonRemindersSent, lessons, users } from '../../db/schema';
import type { LessonReminderSentRow } from '../../db/schema';

/** What a reminder needs to know about one side of a lesson. */
export interface ReminderRecipient {
  id: number;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  notificationMethod: NotificationMethod;
}

export interface ReminderLesson {
  id: number;
  startsAt: Date;
  duration: number;
  canceled: boolean;
  student: ReminderRecipient;
  tutor: ReminderRecipient;
}

const student = alias(users, 'reminder_student');
const tutor = alias(users, 'reminder_tutor');

const recipientOf = (table: typeof student | typeof tutor) => ({
  id: table.id,
  name: table.name,
  email: table.email,
  emailVerified: table.emailVerified,
  phone: table.phone,
  phoneVerified: table.phoneVerified,
  notificationMethod: table.notificationMethod,
});

export async function findReminderLesson(
  db: Database,
  id: number,
): Promise<ReminderLesson | undefined> {
  const [row] = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      duration: lessons.duration,
      status: lessons.status,
      student: recipientOf(student),
      tutor: recipientOf(tutor),
    })
    .from(lessons)
    .innerJoin(student, eq(student.id, lessons.studentId))
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
    .where(eq(lessons.id, id));
  if (!row) return undefined;
  const { status, ...rest } = row;
  return { ...rest, canceled: status === 'cancelled' };
}

export type SentReminderKey = Pick<
  LessonReminderSentRow,
  'lessonId' | 'reminder' | 'userId' | 'startsAt'
>;

export async function reminderWasSent(db: Database, key: SentReminderKey): Promise<boolean> {
  const [row] = await db
    .select({ lessonId: lessonRemindersSent.lessonId })
    .from(lessonRemindersSent)
    .where(
      and(
        eq(lessonRemindersSent.lessonId, key.lessonId),
        eq(lessonRemindersSent.reminder, key.reminder),
        eq(lessonRemindersSent.userId, key.userId),
        eq(lessonRemindersSent.startsAt, key.startsAt),
      ),
    );
  return row !== undefined;
}

export async function recordSentReminder(
  db: Database,
  key: SentReminderKey,
  channel: LessonReminderSentRow['channel'],
): Promise<void> {
  await db
    .insert(lessonRemindersSent)
    .values({ ...key, channel })
    .onConflictDoNothing();
}
