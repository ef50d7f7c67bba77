import type { Database } from '../../db';
import { countLessonsOfSubscription } from '../lessons/repo';

/**
 * How many lessons a subscription has had booked or taken, which decides whether it may still be
 * cancelled (`isSubscriptionCancellable`).
 */
export type LessonCounter = (db: Database, subscriptionId: number) => Promise<number>;

/** Lessons of the subscription that were not canceled (booked, happening or taken). */
export const countSubscriptionLessons: LessonCounter = (db, subscriptionId) =>
  countLessonsOfSubscription(db, subscriptionId);
