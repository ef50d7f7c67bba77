import { toTutorReview } from '@talaqa/domain';
import type { TutorReviewPage } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { findTutorRow, isListedRow } from '../tutors';
import { ratingsOfTutor } from './repo';

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
