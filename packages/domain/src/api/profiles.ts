/**
 * Who sees what of a profile (issue 15, item 7). Each view is a zod schema the server serializes
 * through (a route's response schema and the view it picks), so a field outside the view cannot
 * leave the server by accident: zod drops every key a schema does not name.
 *
 * - The owner and admins: the whole `User` (`userSchema`).
 * - A tutor looking at a student they have a lesson with: the public card plus the student's
 *   English level and aim, what a tutor needs to prepare a lesson (`lessonStudentSchema`). Not the
 *   birth year, gender, city, job, e-mail or phone.
 * - Anyone looking at a listed tutor, or a student looking at a tutor they have a lesson with:
 *   the public card plus what the tutors list already shows of a tutor: role, gender and
 *   favourite topics (`tutorPublicSchema`).
 * - Anyone else: the public card, name and image (`publicUserSchema`).
 *
 * Reviews on a tutor's public page name the reviewer by first name only and carry no reviewer id
 * (`tutorReviewSchema`).
 */
import { z } from 'zod';
import type { Page, Rating, User } from '../entities';
import {
  ENGLISH_LEVELS,
  GENDERS,
  GOVERNORATES,
  NOTIFICATION_METHODS,
  RATING_STARS,
  Role,
  ROLES,
} from '../enums';

const id = z.number().int();
const instant = z.string();
const asset = z.string().nullable();

/** What anyone signed in may see of anyone: who they are and their picture. */
export const publicUserSchema = z.object({
  id,
  name: z.string(),
  image: asset,
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** A tutor as the public tutors list shows them anyway. */
export const tutorPublicSchema = publicUserSchema.extend({
  role: z.literal(Role.Tutor),
  gender: z.literal(GENDERS).nullable(),
  topics: z.array(id),
});
export type TutorPublicUser = z.output<typeof tutorPublicSchema>;

/** A student as their tutor sees them: what a lesson needs, nothing of their private life. */
export const lessonStudentSchema = publicUserSchema.extend({
  role: z.literal(Role.Student),
  level: z.literal(ENGLISH_LEVELS).nullable(),
  aim: z.string().nullable(),
});
export type LessonStudentUser = z.output<typeof lessonStudentSchema>;

/** The whole account: for its owner and for admins only (the `User` type is its output). */
export const userSchema = z.object({
  id,
  /** The full name, two parts at least (Arabic for tutors). */
  name: z.string(),
  email: z.string(),
  /**
   * A new address the owner asked for that is waiting for its code (`email` changes only once it
   * is confirmed); null when none. Only the owner and admins see it.
   */
  pendingEmail: z.string().nullable(),
  /** False for accounts made with Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  creditScore: z.number().int(),
  notificationMethod: z.literal(NOTIFICATION_METHODS),
  birthYear: z.number().int().nullable(),
  gender: z.literal(GENDERS).nullable(),
  /** The stored name of the profile image, served from /assets/uploads/{name}. */
  image: asset,
  verifiedEmail: z.boolean(),
  verifiedPhone: z.boolean(),
  /** E.164, e.g. +201012345678. */
  phone: z.string().nullable(),
  role: z.literal(ROLES),
  city: z.literal(GOVERNORATES).nullable(),
  job: z.string().nullable(),
  level: z.literal(ENGLISH_LEVELS).nullable(),
  aim: z.string().nullable(),
  /** Ids of the user's favourite topics. */
  topics: z.array(id),
  createdAt: instant,
  updatedAt: instant,
});

/**
 * GET /user/{id}: one of the views above. The richest comes first, so an answer the server built
 * for the owner keeps every field, and one built for a stranger (which lacks the richer views'
 * required keys) falls through to its own view and nothing more.
 */
export const userViewSchema = z.union([
  userSchema,
  lessonStudentSchema,
  tutorPublicSchema,
  publicUserSchema,
]);
export type UserView = z.output<typeof userViewSchema>;

/** The view's name, as the server picks it. */
export type UserViewName = 'full' | 'lesson-student' | 'tutor-public' | 'public';

export const USER_VIEW_SCHEMAS = {
  full: userSchema,
  'lesson-student': lessonStudentSchema,
  'tutor-public': tutorPublicSchema,
  public: publicUserSchema,
} as const satisfies Record<UserViewName, z.ZodType>;

/** `user` reduced to `view`: every field the view does not name is dropped. */
export function userView(user: User, view: UserViewName): UserView {
  return USER_VIEW_SCHEMAS[view].parse(user);
}

// ---------------------------------------------------------------------------------------------
// Public reviews

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
  createdAt: instant,
}) satisfies z.ZodType<Omit<Rating, 'raterId'>>;
export type TutorReview = z.output<typeof tutorReviewSchema>;

/** GET /rating/list/tutor/{id} answers this page. */
export const tutorReviewPageSchema = z.object({
  list: z.array(tutorReviewSchema),
  total: z.number().int(),
}) satisfies z.ZodType<Page<TutorReview>>;

/** A rating as a tutor's public page shows it. */
export const toTutorReview = (rating: Rating): TutorReview =>
  tutorReviewSchema.parse({ ...rating, name: firstNameOf(rating.name) });
