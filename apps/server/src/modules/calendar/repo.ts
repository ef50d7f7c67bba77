import { and, asc, eq, gte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { calendarFeeds, lessons, users } from '../../db/schema';

/** SQL of the calendar feed: the feed rows and the lessons a feed shows. */

export async function hasFeed(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row !== undefined;
}

/** Sets the user's token hash, replacing any earlier one. */
export async function saveFeed(
  db: Database,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, updatedAt: now } });
}

export async function deleteFeed(db: Database, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function feedOwner(db: Database, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}

export interface FeedLesson {
  id: number;
  startsAt: Date;
  duration: number;
  canceled: boolean;
  createdAt: Date;
  updatedAt: Date;
  studentId: number;
  studentName: string;
  tutorName: string;
}

const student = alias(users, 'feed_student');
const tutor = alias(users, 'feed_tutor');

/** The user's lessons (as student or tutor) starting at or after `from`, canceled ones too. */
export async function feedLessons(db: Database, userId: number, from: Date): Promise<FeedLesson[]> {
  const rows = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      duration: lessons.duration,
      status: lessons.status,
      createdAt: lessons.createdAt,
      updatedAt: lessons.updatedAt,
      studentId: lessons.studentId,
      studentName: student.name,
      tutorName: tutor.name,
    })
    .from(lessons)
    .innerJoin(student, eq(student.id, lessons.studentId))
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
    .where(
      and(
        or(eq(lessons.studentId, userId), eq(lessons.tutorId, userId)),
        gte(lessons.startsAt, from),
      ),
    )
    .orderBy(asc(lessons.startsAt), asc(lessons.id));
  return rows.map(({ status, ...row }) => ({ ...row, canceled: status === 'cancelled' }));
}
