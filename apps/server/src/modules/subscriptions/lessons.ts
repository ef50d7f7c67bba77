import type { Database } from '../../db';

/**
 * How many lessons a subscription has had booked or taken, which decides whether it may still be
 * cancelled (`isSubscriptionCancellable`).
 */
export type LessonCounter = (db: Database, subscriptionId: number) => Promise<number>;

/**
 * Lessons arrive with issue 6 (booking), which supplies the real count through this function;
 * until a lesson can be booked, every subscription has had none.
 */
export const countSubscriptionLessons: LessonCounter = async () => 0;
