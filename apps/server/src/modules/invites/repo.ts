import { and, count, desc, eq, gt, ilike, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Invite, InviteRole, InviteState } from '@talaqa/domain';
import type { Database } from '../../db';
import { invites } from '../../db/schema';
import type { InviteRow } from '../../db/schema';

/** The state shown: a pending invite past its expiry is expired (nothing rewrites the row). */
export function stateOf(row: Pick<InviteRow, 'status' | 'expiresAt'>, now: Date): InviteState {
  if (row.status === 'pending') return row.expiresAt > now ? 'pending' : 'expired';
  return row.status === 'accepted' ? 'accepted' : 'revoked';
}

export const toInvite = (row: InviteRow, now: Date): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role as InviteRole,
  state: stateOf(row, now),
  expiresAt: row.expiresAt.toISOString(),
  createdBy: row.createdBy,
  acceptedBy: row.acceptedBy,
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function insertInviteRow(
  db: Database,
  values: {
    email: string;
    role: InviteRole;
    tokenHash: string;
    expiresAt: Date;
    createdBy: number;
  },
): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findInviteRow(
  db: Database,
  id: number,
  forUpdate = false,
): Promise<InviteRow | undefined> {
  const query = db.select().from(invites).where(eq(invites.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findInviteRowByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
  return row;
}

export async function updateInviteRow(
  db: Database,
  id: number,
  values: Partial<Pick<InviteRow, 'role' | 'status' | 'tokenHash' | 'expiresAt' | 'createdBy'>>,
): Promise<InviteRow> {
  const [row] = await db.update(invites).set(values).where(eq(invites.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/**
 * Takes a pending, unexpired invite for its acceptance: the row lock makes a second acceptance of
 * the same token wait, then find it accepted (single use).
 */
export async function claimInviteRow(
  db: Database,
  id: number,
  acceptedBy: number | null,
  now: Date,
): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(invites)
    .set({ status: 'accepted', acceptedAt: now, acceptedBy })
    .where(and(eq(invites.id, id), eq(invites.status, 'pending'), gt(invites.expiresAt, now)))
    .returning();
  return row;
}

export async function setAcceptedBy(db: Database, id: number, userId: number): Promise<void> {
  await db.update(invites).set({ acceptedBy: userId }).where(eq(invites.id, id));
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function stateCondition(state: InviteState, now: Date): SQL | undefined {
  switch (state) {
    case 'pending':
      return and(eq(invites.status, 'pending'), gt(invites.expiresAt, now));
    case 'expired':
      return and(eq(invites.status, 'pending'), lte(invites.expiresAt, now));
    default:
      return eq(invites.status, state);
  }
}

/** Newest first, by state and by part of the address (plain text, any case). */
export async function listInviteRows(
  db: Database,
  query: {
    page: number;
    size: number;
    state?: InviteState | undefined;
    search?: string | undefined;
  },
  now: Date,
): Promise<{ rows: InviteRow[]; total: number }> {
  const where = and(
    query.state ? stateCondition(query.state, now) : undefined,
    query.search ? ilike(invites.email, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(invites)
      .where(where)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(invites).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Whether another pending invite holds the address (any case). */
export async function pendingInviteFor(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(eq(invites.status, 'pending'), sql`lower(${invites.email}) = ${email.toLowerCase()}`),
    )
    .limit(1);
  return row !== undefined;
}
