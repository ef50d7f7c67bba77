import { and, eq, ne, sql } from 'drizzle-orm';
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
