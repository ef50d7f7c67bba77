import { count, desc, eq } from 'drizzle-orm';
import type { Rating, RatingStars } from '@talaqa/domain';
import type { Database } from '../../db';
import { ratings, users } from '../../db/schema';

/** One page of the ratings a tutor received, newest first, with each student's name. */
export async function ratingsOfTutor(
  db: Database,
  tutorId: number,
  page: { page: number; size: number },
): Promise<{ list: Rating[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ratings.id,
        value: ratings.value,
        text: ratings.text,
        raterId: ratings.raterId,
        rateeId: ratings.rateeId,
        name: users.name,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.raterId))
      .where(eq(ratings.rateeId, tutorId))
      .orderBy(desc(ratings.createdAt), desc(ratings.id)) // ratings_ratee_newest_idx
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    // One tutor's ratings (an index range), not every rating.
    db.select({ total: count() }).from(ratings).where(eq(ratings.rateeId, tutorId)),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      value: row.value as RatingStars,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
