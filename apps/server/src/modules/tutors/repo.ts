import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { tutorProfiles } from '../../db/schema';

/** The tutor's own texts as stored; a tutor who never wrote them has no row. */
export interface TutorTextRow {
  bio: string | null;
  about: string | null;
}

/** Only the fields sent change; a field left out keeps its stored value. */
export type TutorTextPatch = Partial<{ bio: string; about: string }>;

export async function findTutorText(db: Database, userId: number): Promise<TutorTextRow | null> {
  const [row] = await db
    .select({ bio: tutorProfiles.bio, about: tutorProfiles.about })
    .from(tutorProfiles)
    .where(eq(tutorProfiles.userId, userId));
  return row ?? null;
}

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
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      set: { ...values, updatedAt: new Date() },
    });
}
