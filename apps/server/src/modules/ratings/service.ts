import { toTutorReview } from '@talaqa/domain';
import type { RatingPage, RatingStars, RatingView, TutorReviewPage } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { hasFulfilledLessonWith } from '../lessons';
import { findTutorRow, isListedRow, requireTutor } from '../tutors';
import {
  deleteRating,
  findRating,
  findRatingIdOf,
  insertRating,
  lockRatingRow,
  ratingsByRater,
  ratingsOfRatee,
  ratingsOfTutor,
  updateRating,
} from './repo';

/**
 * Ratings (issue 19 item 7; docs/decisions/280-ratings-write-side.md). A student rates a tutor
 * once, and only after a fulfilled lesson with that tutor; the rater edits or deletes the rating
 * (an admin may delete it too). Every change is one transaction, and the tutor's count and sum on tutor_profiles
 * follow inside it (the ratings trigger, tutors/listing/listing.sql), so the card, the list's
 * rating sort and filter, and the profile never disagree with the ratings. The routes announce
 * the change after the commit (`TutorListingChanged`).
 */

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

/** The tutor's id of a change, for the routes to announce after the commit. */
export interface RatingChange<T> {
  answer: T;
  tutorId: number;
}

interface RatingInput {
  value: RatingStars;
  text?: string | undefined;
}

const ratingExists = (error: unknown): never => {
  if (isUniqueViolation(error, 'ratings_rater_ratee_key')) throw new AppError('rating-exists');
  throw error;
};

async function viewOf(db: Database, id: number): Promise<RatingView> {
  const rating = await findRating(db, id);
  if (!rating) throw new AppError('rating-not-found');
  return rating;
}

/**
 * POST /rating/ (students): `tutor-not-found` unless the ratee is a tutor, `rating-exists` when
 * the student already rated this tutor, `illegal` without a fulfilled lesson with the tutor.
 */
export async function createRating(
  { db }: Ctx,
  identity: Identity,
  body: RatingInput & { rateeId: number },
): Promise<RatingChange<RatingView>> {
  const id = await db
    .transaction(async (tx) => {
      await requireTutor(tx, body.rateeId);
      if ((await findRatingIdOf(tx, identity.userId, body.rateeId)) !== null) {
        throw new AppError('rating-exists');
      }
      const members = { studentId: identity.userId, tutorId: body.rateeId };
      if (!(await hasFulfilledLessonWith(tx, members))) {
        throw new AppError('illegal', 'Rate a tutor after a fulfilled lesson with the tutor');
      }
      // Two sends at once: the unique key keeps one, the other is rating-exists.
      return insertRating(tx, {
        raterId: identity.userId,
        rateeId: body.rateeId,
        value: body.value,
        text: body.text ?? null,
      });
    })
    .catch(ratingExists);
  return { answer: await viewOf(db, id), tutorId: body.rateeId };
}

/** GET /rating/{id}: its rater, its tutor or an admin; `forbidden` for anyone else. */
export async function getRating({ db }: Pick<Ctx, 'db'>, identity: Identity, id: number) {
  const rating = await viewOf(db, id);
  const mine = rating.raterId === identity.userId || rating.rateeId === identity.userId;
  if (!mine && !isAdmin(identity)) throw new AppError('forbidden');
  return rating;
}

/** PUT /rating/{id}: the rater only; the stars and the text are replaced (no text: none). */
export async function editRating(
  { db }: Pick<Ctx, 'db'>,
  identity: Identity,
  id: number,
  body: RatingInput,
): Promise<RatingChange<RatingView>> {
  const tutorId = await db.transaction(async (tx) => {
    const row = await lockRatingRow(tx, id);
    if (!row) throw new AppError('rating-not-found');
    if (row.raterId !== identity.userId) throw new AppError('forbidden');
    await updateRating(tx, id, { value: body.value, text: body.text ?? null });
    return row.rateeId;
  });
  return { answer: await viewOf(db, id), tutorId };
}

/** DELETE /rating/{id}: the rater or an admin. */
export async function removeRating(
  { db }: Pick<Ctx, 'db'>,
  identity: Identity,
  id: number,
): Promise<RatingChange<null>> {
  const tutorId = await db.transaction(async (tx) => {
    const row = await lockRatingRow(tx, id);
    if (!row) throw new AppError('rating-not-found');
    if (row.raterId !== identity.userId && !isAdmin(identity)) throw new AppError('forbidden');
    await deleteRating(tx, id);
    return row.rateeId;
  });
  return { answer: null, tutorId };
}

const requireSelfOrAdmin = (identity: Identity, userId: number): void => {
  if (identity.userId !== userId && !isAdmin(identity)) throw new AppError('forbidden');
};

/** GET /rating/list/rater/{id}: the student's own ratings (an admin: anyone's). */
export async function ratingsGivenBy(
  { db }: Pick<Ctx, 'db'>,
  identity: Identity,
  raterId: number,
  query: { page: number; size: number; rateeId?: number | undefined },
): Promise<RatingPage> {
  requireSelfOrAdmin(identity, raterId);
  return ratingsByRater(db, raterId, query);
}

/** GET /rating/list/ratee/{id}: the tutor's own ratings with full names (an admin: anyone's). */
export async function ratingsReceivedBy(
  { db }: Pick<Ctx, 'db'>,
  identity: Identity,
  rateeId: number,
  page: { page: number; size: number },
): Promise<RatingPage> {
  requireSelfOrAdmin(identity, rateeId);
  return ratingsOfRatee(db, rateeId, page);
}

/**
 * GET /rating/list/tutor/{id}: a listed tutor's reviews, else `tutor-not-found`. The total is the
 * count the ratings trigger keeps on the profile: nothing is counted. Reviewers are public by
 * their first name only, without their id (`toTutorReview`).
 */
export async function tutorReviews(
  { db }: Pick<ServiceContext, 'db'>,
  tutorId: number,
  page: { page: number; size: number },
): Promise<TutorReviewPage> {
  const tutor = await findTutorRow(db, tutorId);
  if (!tutor || !isListedRow(tutor)) throw new AppError('tutor-not-found');
  const list = await ratingsOfTutor(db, tutorId, page);
  return { list: list.map(toTutorReview), total: tutor.ratingCount };
}
