import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db';
import { lessons } from '../../db/schema';

/**
 * How many lessons a subscription has had booked or taken, which decides whether it may still be
 * cancelled (`isSubscriptionCancellable`). Read here rather than asked of the lessons module:
 * lessons take their minutes from subscriptions, so subscriptions must not depend on lessons.
 */
export type LessonCounter = (db: Database, subscriptionId: number) => Promise<number>;

/** Lessons of the subscription that were not canceled (booked, happening or taken). */
export const countSubscriptionLessons: LessonCounter = async (db, subscriptionId) => {
  const [row] = await db
    .select({ total: count() })
    .from(lessons)
    .where(and(eq(lessons.subscriptionId, subscriptionId), ne(lessons.status, 'cancelled')));
  return row?.total ?? 0;
};
