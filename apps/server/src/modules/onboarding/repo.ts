import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import type { Database } from '../../db';
import { tutorProfiles, users } from '../../db/schema';
import { defaultNoticePeriodSql } from '../platform-settings';

/** What onboarding reads of a tutor: the people fields and the profile's switches. */
export interface OnboardingTutorRow {
  id: number;
  role: number;
  name: string;
  email: string;
  image: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  activated: boolean;
  bypassOnboarding: boolean;
  onboardedAt: Date | null;
}

const columns = {
  id: users.id,
  role: users.role,
  name: users.name,
  email: users.email,
  image: users.image,
  emailVerified: users.emailVerified,
  phoneVerified: users.phoneVerified,
  activated: sql<boolean>`coalesce(${tutorProfiles.activated}, false)`,
  bypassOnboarding: sql<boolean>`coalesce(${tutorProfiles.bypassOnboarding}, false)`,
  onboardedAt: tutorProfiles.onboardedAt,
};

export async function findOnboardingTutor(
  db: Database,
  id: number,
): Promise<OnboardingTutorRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/** The same, its users row locked until the transaction ends (activation runs one at a time). */
export async function lockOnboardingTutor(
  tx: Database,
  id: number,
): Promise<OnboardingTutorRow | undefined> {
  const [locked] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!locked) return undefined;
  return findOnboardingTutor(tx, id);
}

/**
 * Marks the tutor onboarded and activated, once: a tutor already onboarded keeps the first date
 * and whatever an admin set since (a deactivated tutor stays deactivated). True when it changed.
 */
export async function markOnboarded(tx: Database, tutorId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(tutorProfiles)
    .values({
      userId: tutorId,
      noticePeriod: defaultNoticePeriodSql(),
      activated: true,
      onboardedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      set: { activated: true, onboardedAt: now, updatedAt: now },
      setWhere: sql`${tutorProfiles.onboardedAt} is null`,
    })
    .returning({ userId: tutorProfiles.userId });
  return rows.length > 0;
}

/** Tutors for the admin's list, newest first: by onboarded (or bypassed) and a name/e-mail search. */
export async function tutorsForAdmin(
  db: Database,
  filters: { onboarded?: boolean | undefined; search?: string | undefined },
): Promise<OnboardingTutorRow[]> {
  const done = sql`(${tutorProfiles.onboardedAt} is not null or coalesce(${tutorProfiles.bypassOnboarding}, false))`;
  const pattern = filters.search && `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(columns)
    .from(users)
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, Role.Tutor),
        ...(filters.onboarded === true ? [done] : []),
        ...(filters.onboarded === false ? [sql`not ${done}`] : []),
        ...(pattern ? [or(ilike(users.name, pattern), ilike(users.email, pattern))] : []),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id));
}
