/**
 * Reviews on a tutor's public page (the profile's reviews tab): the reviewer is named by first
 * name only and carries no id, so a review says nothing more of a student than the student chose
 * to write (issue 15, item 7). The server reads each rating through `tutorReviewSchema`.
 */
import { z } from 'zod';
import { pageSchema } from '../contract/page';
import type { Page, Rating } from '../entities';
import { RATING_STARS } from '../enums';

const id = z.number().int();

/** The first part of a full name ("Mona Adel" -> "Mona"), as public reviews show a reviewer. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** A review on a tutor's public page: the reviewer's first name, no reviewer id. */
export const tutorReviewSchema = z.object({
  id,
  value: z.literal(RATING_STARS),
  text: z.string().nullable(),
  rateeId: id,
  /** The reviewer's first name only. */
  name: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<Omit<Rating, 'raterId'>>;
export type TutorReview = z.output<typeof tutorReviewSchema>;

/** GET /rating/list/tutor/{id} answers this page. */
export const tutorReviewPageSchema = pageSchema(tutorReviewSchema) satisfies z.ZodType<
  Page<TutorReview>
>;
export type TutorReviewPage = z.output<typeof tutorReviewPageSchema>;

/** A rating as a tutor's public page shows it. */
export const toTutorReview = (rating: Rating): TutorReview =>
  tutorReviewSchema.parse({ ...rating, name: firstNameOf(rating.name) });
