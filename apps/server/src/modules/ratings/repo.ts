import { desc, eq } from 'drizzle-orm';
import type { Rating, RatingStars } from '@talaqa/domain';
import type { Database } from '../../db';
import { ratings, users } from '../../db/schema';

/** One page of the ratings a tutor received, newest first, with each student's name. */
export async function ratingsOfTutor(
  db: Database,
  tutorId: number,
  page: { page: number; size: number },
): Promise<Rating[]> {
  const rows = await db
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
    .offset((page.page - 1) * page.size);
  return rows.map((row) => ({
    ...row,
    value: row.value as RatingStars,
    createdAt: row.createdAt.toISOString(),
  }));
}
