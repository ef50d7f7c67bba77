import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { tutorProfiles, users } from '../../db/schema';
import { defaultNoticePeriodSql } from '../platform-settings';

/** Only the fields sent change; a field left out keeps its stored value. */
export type TutorTextPatch = Partial<{ bio: string; about: string }>;

/** Creates the tutor's row on the first write, else changes only the fields given. */
export async function upsertTutorText(
  db: Database,
  userId: number,
  patch: TutorTextPatch,
): Promise<void> {
  const values = {
    ...(patch.bio !== undefined && { bio: patch.bio }),
    ...(patch.about !== undefined && { about: patch.about }),
  };
  if (Object.keys(values).length === 0) return;
  await db
    .insert(tutorProfiles)
    .values({ userId, noticePeriod: defaultNoticePeriodSql(), ...values })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      // Bookkeeping of when the row was written (as users' $onUpdate), read by no rule.
      // eslint-disable-next-line no-restricted-syntax -- row bookkeeping, not business time
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * Sets the video and thumbnail the tutor's public profile shows (an approved intro video or the
 * photo session's), creating the profile row on the first write.
 */
export async function setTutorProfileVideo(
  db: Database,
  userId: number,
  media: { video: string; thumbnail: string | null },
): Promise<void> {
  await db
    .insert(tutorProfiles)
    .values({ userId, noticePeriod: defaultNoticePeriodSql(), ...media })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      // eslint-disable-next-line no-restricted-syntax -- row bookkeeping, not business time
      set: { ...media, updatedAt: new Date() },
    });
}

/** Everything a tutor's card, profile and listing need from the user and profile rows. */
export interface TutorRow {
  id: number;
  role: number;
  name: string;
  image: string | null;
  gender: 'male' | 'female' | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  createdAt: Date;
  bio: string | null;
  about: string | null;
  video: string | null;
  thumbnail: string | null;
  activated: boolean;
  noticePeriod: number;
  bypassOnboarding: boolean;
  onboardedAt: Date | null;
  /** The stored next free start and the Cairo week it was written for (tutors/listing/next-free.ts). */
  nextFreeAt: Date | null;
  nextFreeWeek: Date | null;
  /** Average stars to one decimal (null when unrated) and how many ratings it is of. */
  ratingAverage: number | null;
  ratingCount: number;
}

/** The stored defaults of a tutor without a profile row (tutor_profiles' column defaults). */
export const TUTOR_PROFILE_DEFAULTS = {
  bio: null,
  about: null,
  video: null,
  thumbnail: null,
  activated: false,
  noticePeriod: 30,
  bypassOnboarding: false,
  onboardedAt: null,
} as const;

export const tutorColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  image: users.image,
  gender: users.gender,
  emailVerified: users.emailVerified,
  phoneVerified: users.phoneVerified,
  createdAt: users.createdAt,
  bio: tutorProfiles.bio,
  about: tutorProfiles.about,
  video: tutorProfiles.video,
  thumbnail: tutorProfiles.thumbnail,
  activated: tutorProfiles.activated,
  noticePeriod: tutorProfiles.noticePeriod,
  bypassOnboarding: tutorProfiles.bypassOnboarding,
  onboardedAt: tutorProfiles.onboardedAt,
  nextFreeAt: tutorProfiles.nextFreeAt,
  nextFreeWeek: tutorProfiles.nextFreeWeek,
  ratingAverage: tutorProfiles.ratingAverage,
  ratingCount: tutorProfiles.ratingCount,
};

type JoinedTutorRow = { [K in keyof TutorRow]: TutorRow[K] | null } & {
  id: number;
  role: number;
  name: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  createdAt: Date;
};

/** A user row left-joined with its (maybe missing) profile row, defaults filled in. */
export function tutorRowOf(row: JoinedTutorRow): TutorRow {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    image: row.image,
    gender: row.gender,
    emailVerified: row.emailVerified,
    phoneVerified: row.phoneVerified,
    createdAt: row.createdAt,
    bio: row.bio,
    about: row.about,
    video: row.video,
    thumbnail: row.thumbnail,
    activated: row.activated ?? TUTOR_PROFILE_DEFAULTS.activated,
    noticePeriod: row.noticePeriod ?? TUTOR_PROFILE_DEFAULTS.noticePeriod,
    bypassOnboarding: row.bypassOnboarding ?? TUTOR_PROFILE_DEFAULTS.bypassOnboarding,
    onboardedAt: row.onboardedAt,
    nextFreeAt: row.nextFreeAt,
    nextFreeWeek: row.nextFreeWeek,
    ratingAverage: row.ratingAverage,
    ratingCount: row.ratingCount ?? 0,
  };
}

/** The user with this id and, when it is a tutor, its profile; null for no such user. */
export async function findTutorRow(db: Database, userId: number): Promise<TutorRow | null> {
  const [row] = await db
    .select(tutorColumns)
    .from(users)
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? tutorRowOf(row) : null;
}

/** The admin-set fields of a tutor; only those sent change. */
export type TutorAdminPatch = Partial<{
  activated: boolean;
  noticePeriod: number;
  bypassOnboarding: boolean;
}>;

export async function upsertTutorAdminFields(
  db: Database,
  userId: number,
  patch: TutorAdminPatch,
): Promise<void> {
  const values = {
    ...(patch.activated !== undefined && { activated: patch.activated }),
    ...(patch.noticePeriod !== undefined && { noticePeriod: patch.noticePeriod }),
    ...(patch.bypassOnboarding !== undefined && { bypassOnboarding: patch.bypassOnboarding }),
  };
  if (Object.keys(values).length === 0) return;
  await db
    .insert(tutorProfiles)
    .values({ userId, noticePeriod: defaultNoticePeriodSql(), ...values })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      // Bookkeeping of when the row was written (as users' $onUpdate), read by no rule.
      // eslint-disable-next-line no-restricted-syntax -- row bookkeeping, not business time
      set: { ...values, updatedAt: new Date() },
    });
}
