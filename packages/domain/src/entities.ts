/**
 * The entities of spec section 3 as they travel in API bodies, as far as the spec shows them.
 *
 * Conventions:
 * - Money is always an integer number of piasters (EGP x 100): `price`, `amount`, plan prices.
 * - Instants are ISO 8601 strings in UTC (`IsoDateTime`), because these shapes cross JSON.
 * - Durations are whole minutes unless the name says seconds.
 * - References to other entities are their numeric ids (`userId`), never embedded copies,
 *   except where a screen needs the other side's name (`Rating.name`).
 */

import type { z } from 'zod';
import type { userSchema } from './api/profiles';
import type { couponViewSchema } from './coupons/contract';
import type { planInviteSchema, planViewSchema } from './plans/contract';
import type { subscriptionSchema } from './subscriptions/contract';
import type { topicViewSchema } from './topics/contract';
import type { transactionSchema } from './transactions/contract';
import type { Bank, EnglishLevel, RatingStars, SessionSlotLength, WithdrawMethod } from './enums';
import type {
  DemoSessionStatus,
  InterviewStatus,
  InvoiceStatus,
  LessonCanceledBy,
  LessonStatus,
  ReviewStatus,
} from './statuses';

/** An instant as an ISO 8601 string, e.g. `2025-04-25T09:00:00.000Z`. */
export type IsoDateTime = string;
/** An integer number of piasters (EGP x 100). */
export type Piasters = number;
/** The stored name of an uploaded file, served from /assets/uploads/{name}. */
export type AssetName = string;

/**
 * An account as its owner and admins see it: the type of `userSchema` (api/profiles.ts), which
 * holds each field's meaning; other callers see one of the narrower views there.
 */
export type User = z.output<typeof userSchema>;

/**
 * The user row as the server holds it. The password hash (argon2id) never leaves the server;
 * clients only see `hasPassword`.
 */
export interface UserWithPassword extends User {
  password: string | null;
}

/** What a tutor profile still lacks before it can be shown to students. */
export type TutorMissingData =
  'image' | 'bio' | 'about' | 'video' | 'thumbnail' | 'verified-email' | 'verified-phone';

export interface Tutor {
  /** The tutor's user id. */
  id: number;
  bio: string | null;
  about: string | null;
  video: AssetName | null;
  thumbnail: AssetName | null;
  activated: boolean;
  /** Minimum minutes between booking and the lesson's start. */
  noticePeriod: number;
  /** Set by hand by an admin: the tutor skips the onboarding steps. */
  bypassOnboarding: boolean;
  missingData: TutorMissingData[];
}

export interface LessonMembers {
  tutorId: number;
  studentId: number;
}

export interface Lesson {
  id: number;
  members: LessonMembers;
  /** Piasters. */
  price: Piasters;
  /** Minutes. */
  duration: SessionSlotLength;
  start: IsoDateTime;
  status: LessonStatus;
  canceledBy: LessonCanceledBy | null;
}

/** A plan as the API shows it: the type of `planViewSchema` (plans/contract.ts). */
export type Plan = z.output<typeof planViewSchema>;

/** An invite to an invites-only plan: the type of `planInviteSchema` (plans/contract.ts). */
export type PlanInvite = z.output<typeof planInviteSchema>;

/** A tutor's withdrawal request. */
export interface Invoice {
  id: number;
  userId: number;
  method: WithdrawMethod;
  /** The receiver's name as the tutor entered it. */
  receiver: string | null;
  bank: Bank | null;
  amount: Piasters;
  status: InvoiceStatus;
  adminNote: string | null;
  /** The transfer receipt uploaded by the admin, served from /assets/receipts/{name}. */
  receiptImage: AssetName | null;
  /** The admin who handled the request. */
  addressedBy: number | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  /** E.164; for wallet transfers. */
  phone: string | null;
  accountNumber: string | null;
  /** The account holder's name; for bank transfers. */
  username: string | null;
  instapayAddress: string | null;
}

/** A conversation topic: the type of `topicViewSchema` (topics/contract.ts). */
export type Topic = z.output<typeof topicViewSchema>;

export interface Interview {
  id: number;
  status: InterviewStatus;
  start: IsoDateTime;
  /** The tutor manager's feedback to the tutor. */
  feedback: string | null;
  /** The tutor manager's private note. */
  note: string | null;
  /** The English level the interviewer gave. */
  level: EnglishLevel | null;
  interviewerId: number;
  intervieweeId: number;
}

export interface DemoSession {
  id: number;
  status: DemoSessionStatus;
  start: IsoDateTime;
  tutorId: number;
  tutorManagerId: number;
}

export interface IntroVideo {
  id: number;
  tutorId: number;
  video: AssetName;
  durationSeconds: number;
  status: ReviewStatus;
  createdAt: IsoDateTime;
}

export interface Rating {
  id: number;
  /** The stars, 1-5. */
  value: RatingStars;
  /** The written comment, if any. */
  text: string | null;
  raterId: number;
  rateeId: number;
  /** The rater's name, shown beside the review. */
  name: string;
  createdAt: IsoDateTime;
}

/** The type of `subscriptionSchema` (subscriptions/contract.ts). */
export type Subscription = z.output<typeof subscriptionSchema>;

/** The type of `couponViewSchema` (coupons/contract.ts). */
export type Coupon = z.output<typeof couponViewSchema>;

export interface ContactRequest {
  id: number;
  title: string;
  message: string;
  createdAt: IsoDateTime;
}

/** A payment: the type of `transactionSchema` (transactions/contract.ts). */
export type Transaction = z.output<typeof transactionSchema>;

/** The payload of an auth token: the user's id, issue and expiry times in unix seconds. */
export interface AuthTokenPayload {
  id: number;
  iat: number;
  exp: number;
}

/** The token as the client stores it. */
export interface StoredAuthToken {
  type: 'Bearer' | 'Basic';
  value: string;
}

/** Expired when `exp` is before the current UTC time (spec section 4). */
export const isAuthTokenExpired = (payload: AuthTokenPayload, now: Date): boolean =>
  payload.exp * 1000 < now.getTime();

/** One page of a list and the total number of items across all pages. */
export interface Page<T> {
  list: T[];
  total: number;
}
