import { and, asc, eq, gt, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import type { FileUse } from '@talaqa/domain';
import type { Database } from '../../db';
import { userFiles, users } from '../../db/schema';

/** The bytes of every file `userId` holds (0 without any). */
export async function heldBytes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${userFiles.bytes}), 0)` })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));
  return Number(row?.total ?? 0);
}

/** Locks the user's row for the transaction and reads their current image; null once deleted. */
export async function lockUserImage(
  tx: Database,
  userId: number,
): Promise<{ image: string | null } | null> {
  const [row] = await tx
    .select({ image: users.image })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function addUserFile(
  tx: Database,
  file: { name: string; userId: number; bytes: number },
): Promise<void> {
  await tx.insert(userFiles).values(file);
}

export async function removeUserFile(tx: Database, name: string): Promise<void> {
  await tx.delete(userFiles).where(eq(userFiles.name, name));
}

/** The bytes `userId` holds apart from the file `except` (the one about to be replaced). */
export async function heldBytesBesides(
  db: Database,
  userId: number,
  except: string | null,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${userFiles.bytes}), 0)` })
    .from(userFiles)
    .where(
      except === null
        ? eq(userFiles.userId, userId)
        : and(eq(userFiles.userId, userId), ne(userFiles.name, except)),
    );
  return Number(row?.total ?? 0);
}

/**
 * Users whose profile image has no row in `user_files` (stored before the table existed), after
 * the id `after`, in id order.
 */
export async function unrecordedImages(
  db: Database,
  after: number,
  limit: number,
): Promise<{ userId: number; name: string }[]> {
  const rows = await db
    .select({ userId: users.id, name: users.image })
    .from(users)
    .where(
      and(
        gt(users.id, after),
        isNotNull(users.image),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userFiles)
            .where(eq(userFiles.name, users.image)),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.flatMap((row) => (row.name ? [{ userId: row.userId, name: row.name }] : []));
}

/**
 * Records an old image the user still shows, measured, under the user's lock (as an upload takes
 * it): nothing when the profile has moved on to another image meanwhile, or the row exists.
 */
export async function recordOldImage(
  db: Database,
  file: { name: string; userId: number; bytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockUserImage(tx, file.userId);
    if (locked?.image !== file.name) return false;
    const rows = await tx
      .insert(userFiles)
      .values(file)
      .onConflictDoNothing()
      .returning({ name: userFiles.name });
    return rows.length > 0;
  });
}

/**
 * Stored files (issue 23 item 5): every profile image, the one a profile shows and every one
 * `user_files` counts against its owner's allowance (those in `names` only, when given).
 */
export async function profileImageUses(
  db: Database,
  names?: readonly string[],
): Promise<FileUse[]> {
  if (names?.length === 0) return [];
  const shown = await db
    .select({ name: users.image, ownerId: users.id })
    .from(users)
    .where(names === undefined ? isNotNull(users.image) : inArray(users.image, [...names]));
  const counted = await db
    .select({ name: userFiles.name, ownerId: userFiles.userId })
    .from(userFiles)
    .where(names === undefined ? undefined : inArray(userFiles.name, [...names]));
  const seen = new Set<string>();
  const uses: FileUse[] = [];
  for (const row of [...shown, ...counted]) {
    if (!row.name || seen.has(`${String(row.ownerId)}/${row.name}`)) continue;
    seen.add(`${String(row.ownerId)}/${row.name}`);
    uses.push({ folder: 'uploads', name: row.name, ownerId: row.ownerId, use: 'profile-image' });
  }
  return uses;
}

/** The names of the users `ids` (those that still exist). */
export async function userNames(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
