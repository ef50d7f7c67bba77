import { and, count, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Rating, RatingStars } from '@talaqa/domain';
import type { Database } from '../../db';
import { ratings, users } from '../../db/schema';
import type { RatingRow } from '../../db/schema';

/** A rating with its rater's name, as every answer shows it. */
const ratingColumns = {
  id: ratings.id,
  value: ratings.value,
  text: ratings.text,
  raterId: ratings.raterId,
  rateeId: ratings.rateeId,
  name: users.name,
  createdAt: ratings.createdAt,
};

type RatingColumns = {
  id: number;
  value: number;
  text: string | null;
  raterId: number;
  rateeId: number;
  name: string;
  createdAt: Date;
};

const toRating = (row: RatingColumns): Rating => ({
  ...row,
  value: row.value as RatingStars,
  createdAt: row.createdAt.toISOString(),
});

/** Ratings matching `where` with their raters' names, newest first, one page. */
async function pageOfRatings(
  db: Database,
  where: SQL | undefined,
  page: { page: number; size: number },
): Promise<{ list: Rating[]; total: number }> {
  const rows = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(where)
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [counted] = await db.select({ total: count() }).from(ratings).where(where);
  return { list: rows.map(toRating), total: counted?.total ?? 0 };
}

/** One page of the ratings a tutor received, newest first, with each student's name. */
export async function ratingsOfTutor(
  db: Database,
  tutorId: number,
  page: { page: number; size: number },
): Promise<Rating[]> {
  const rows = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(eq(ratings.rateeId, tutorId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id)) // ratings_ratee_newest_idx
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return rows.map(toRating);
}

/** The ratings a student gave (of one tutor with `rateeId`), newest first, and their count. */
export const ratingsByRater = (
  db: Database,
  raterId: number,
  query: { page: number; size: number; rateeId?: number | undefined },
) =>
  pageOfRatings(
    db,
    and(
      eq(ratings.raterId, raterId),
      query.rateeId === undefined ? undefined : eq(ratings.rateeId, query.rateeId),
    ),
    query,
  );

/** The ratings a tutor received, newest first (ratings_ratee_newest_idx), and their count. */
export const ratingsOfRatee = (
  db: Database,
  rateeId: number,
  page: { page: number; size: number },
) => pageOfRatings(db, eq(ratings.rateeId, rateeId), page);

/** A rating with its rater's name, or null. */
export async function findRating(db: Database, id: number): Promise<Rating | null> {
  const [row] = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(eq(ratings.id, id));
  return row ? toRating(row) : null;
}

/** The rating row, locked until the transaction ends (an edit and a delete take turns). */
export async function lockRatingRow(tx: Database, id: number): Promise<RatingRow | null> {
  const [row] = await tx.select().from(ratings).where(eq(ratings.id, id)).for('update');
  return row ?? null;
}

/** The student's rating of the tutor, if any. */
export async function findRatingIdOf(
  db: Database,
  raterId: number,
  rateeId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), eq(ratings.rateeId, rateeId)));
  return row?.id ?? null;
}

export interface RatingValues {
  value: RatingStars;
  text: string | null;
}

/** Writes a rating; the ratings trigger adds it to the tutor's count and sum. */
export async function insertRating(
  tx: Database,
  rating: RatingValues & { raterId: number; rateeId: number },
): Promise<number> {
  const [row] = await tx.insert(ratings).values(rating).returning({ id: ratings.id });
  if (!row) throw new Error('rating not inserted');
  return row.id;
}

/** Changes the stars and text; the trigger moves the tutor's sum by the difference. */
export async function updateRating(tx: Database, id: number, values: RatingValues): Promise<void> {
  await tx.update(ratings).set(values).where(eq(ratings.id, id));
}

/** Removes a rating; the trigger takes it out of the tutor's count and sum. */
export async function deleteRating(tx: Database, id: number): Promise<void> {
  await tx.delete(ratings).where(eq(ratings.id, id));
}
