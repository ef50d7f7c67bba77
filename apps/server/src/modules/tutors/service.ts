import { Role, tutorMissingData } from '@talaqa/domain';
import type { Tutor, TutorMeta } from '@talaqa/domain';
import type { Database } from '../../db';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { findTutorRow, upsertTutorAdminFields } from './repo';
import type { TutorAdminPatch, TutorRow } from './repo';
import { refreshNextFree } from './listing/next-free';

/**
 * The tutor's own profile as the tutor and admins see it. What visitors see (cards, the public
 * profile, the list) is the listing's read model: listing/.
 */

/** The spec's Tutor of a tutor row: the stored fields and what the profile still misses. */
export function tutorOf(row: TutorRow): Tutor {
  const profile = {
    bio: row.bio,
    about: row.about,
    video: row.video,
    thumbnail: row.thumbnail,
  };
  return {
    id: row.id,
    ...profile,
    activated: row.activated,
    noticePeriod: row.noticePeriod,
    bypassOnboarding: row.bypassOnboarding,
    missingData: tutorMissingData({
      ...profile,
      image: row.image,
      verifiedEmail: row.emailVerified,
      verifiedPhone: row.phoneVerified,
    }),
  };
}

/** A tutor user (any state), else `tutor-not-found`. */
export async function requireTutor(db: Database, userId: number): Promise<TutorRow> {
  const row = await findTutorRow(db, userId);
  if (!row || row.role !== Role.Tutor) throw new AppError('tutor-not-found');
  return row;
}

/**
 * A user who keeps a weekly schedule: a tutor, or a tutor manager (who is booked for interviews
 * and demo sessions the same way, issue 21); else `tutor-not-found`.
 */
export async function requireScheduleOwner(db: Database, userId: number): Promise<TutorRow> {
  const row = await findTutorRow(db, userId);
  if (!row || (row.role !== Role.Tutor && row.role !== Role.TutorManager)) {
    throw new AppError('tutor-not-found');
  }
  return row;
}

/** GET /user/tutor/meta: the spec's Tutor without the id, from the stored profile. */
export async function tutorMeta(
  { db }: Pick<ServiceContext, 'db'>,
  userId: number,
): Promise<TutorMeta> {
  const row = await requireTutor(db, userId);
  const { id: _id, ...meta } = tutorOf(row);
  return { ...meta, onboarded: row.onboardedAt !== null };
}

/** GET /user/tutor/{id} (admins): any tutor's stored profile, listed or not. */
export async function tutorForAdmin(
  { db }: Pick<ServiceContext, 'db'>,
  tutorId: number,
): Promise<Tutor> {
  return tutorOf(await requireTutor(db, tutorId));
}

/** PATCH /user/tutor/{id} (admins): activation, notice period, onboarding bypass. */
export async function patchTutorAdminFields(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  tutorId: number,
  patch: TutorAdminPatch,
): Promise<Tutor> {
  await requireTutor(db, tutorId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await upsertTutorAdminFields(tx, tutorId, patch);
    // The notice period moves the next bookable start.
    await refreshNextFree(tx, [tutorId], now);
  });
  return tutorOf(await requireTutor(db, tutorId));
}
