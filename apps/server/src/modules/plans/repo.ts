import { and, asc, count, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { fullPeriodPrices, planSummaryOf } from '@talaqa/domain';
import type { Plan, PlanInviteView } from '@talaqa/domain';
import type { Database } from '../../db';
import { planInvites, plans, subscriptions, transactions, users } from '../../db/schema';
import type { PlanInviteRow, PlanRow } from '../../db/schema';

/** The row as the API shows it, with the full period prices computed (never stored). */
export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  weeklyMinutes: row.weeklyMinutes,
  baseMonthPrice: row.baseMonthPrice,
  monthDiscount: row.monthDiscount,
  quarterDiscount: row.quarterDiscount,
  yearDiscount: row.yearDiscount,
  ...fullPeriodPrices(row),
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  forInvitesOnly: row.forInvitesOnly,
});

/** Who is looking at the catalogue. */
export type PlanViewer =
  | { kind: 'admin'; includeInactive: boolean }
  /** A signed-in non-admin (sees the invites-only plans they are invited to) or a stranger. */
  | { kind: 'public'; userId: number | null };

const isInvited = (userId: number): SQL =>
  exists(
    sql`(select 1 from ${planInvites} where ${planInvites.planId} = ${plans.id} and ${planInvites.userId} = ${userId})`,
  );

/**
 * The plans a viewer may see: admins every plan (inactive ones only when asked); everyone else
 * the active plans open to all, plus the invites-only ones they are invited to.
 */
function visibleTo(viewer: PlanViewer): SQL | undefined {
  if (viewer.kind === 'admin') return viewer.includeInactive ? undefined : eq(plans.active, true);
  const open = eq(plans.forInvitesOnly, false);
  const forViewer = viewer.userId === null ? open : or(open, isInvited(viewer.userId));
  return and(eq(plans.active, true), forViewer);
}

export async function listPlanRows(
  db: Database,
  viewer: PlanViewer,
  paging: { page: number; size: number },
): Promise<{ rows: PlanRow[]; total: number }> {
  const where = visibleTo(viewer);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(asc(plans.weeklyMinutes), asc(plans.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findVisiblePlanRow(
  db: Database,
  id: number,
  viewer: PlanViewer,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), visibleTo(viewer)));
  return row;
}

export async function findPlanRow(db: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** Locks the plan's row for the rest of the transaction (against a purchase referring to it). */
export async function lockPlanRow(db: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function insertPlanRow(
  db: Database,
  values: typeof plans.$inferInsert,
): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePlanRow(
  db: Database,
  id: number,
  patch: Partial<typeof plans.$inferInsert>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(patch).where(eq(plans.id, id)).returning();
  return row;
}

export async function deletePlanRow(db: Database, id: number): Promise<void> {
  await db.delete(plans).where(eq(plans.id, id));
}

/** True when a transaction or a subscription refers to the plan (so it cannot be deleted). */
export async function planIsReferenced(db: Database, id: number): Promise<boolean> {
  const [bought] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.planId, id))
    .limit(1);
  if (bought) return true;
  const [held] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.planId, id))
    .limit(1);
  return held !== undefined;
}

export async function isUserInvitedToPlan(
  db: Database,
  userId: number,
  planId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: planInvites.id })
    .from(planInvites)
    .where(and(eq(planInvites.userId, userId), eq(planInvites.planId, planId)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Plan invites

const inviteViewColumns = {
  invite: planInvites,
  userName: users.name,
  userEmail: users.email,
  planWeeklyMinutes: plans.weeklyMinutes,
};

type InviteViewRow = {
  invite: PlanInviteRow;
  userName: string;
  userEmail: string;
  planWeeklyMinutes: number;
};

const toInviteView = (row: InviteViewRow): PlanInviteView => ({
  id: row.invite.id,
  userId: row.invite.userId,
  planId: row.invite.planId,
  createdBy: row.invite.createdBy,
  userName: row.userName,
  userEmail: row.userEmail,
  plan: planSummaryOf({ id: row.invite.planId, weeklyMinutes: row.planWeeklyMinutes }),
  createdAt: row.invite.createdAt.toISOString(),
});

const inviteViews = (db: Database) =>
  db
    .select(inviteViewColumns)
    .from(planInvites)
    .innerJoin(users, eq(users.id, planInvites.userId))
    .innerJoin(plans, eq(plans.id, planInvites.planId));

export async function findInviteView(
  db: Database,
  id: number,
): Promise<PlanInviteView | undefined> {
  const [row] = await inviteViews(db).where(eq(planInvites.id, id));
  return row ? toInviteView(row) : undefined;
}

export async function listInviteViews(
  db: Database,
  query: { page: number; size: number; userId?: number; planId?: number },
): Promise<{ list: PlanInviteView[]; total: number }> {
  const filters: SQL[] = [];
  if (query.userId !== undefined) filters.push(eq(planInvites.userId, query.userId));
  if (query.planId !== undefined) filters.push(eq(planInvites.planId, query.planId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    inviteViews(db)
      .where(where)
      .orderBy(desc(planInvites.createdAt), desc(planInvites.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(planInvites).where(where),
  ]);
  return { list: rows.map(toInviteView), total: totals[0]?.total ?? 0 };
}

export async function insertInviteRow(
  db: Database,
  values: { userId: number; planId: number; createdBy: number },
): Promise<PlanInviteRow> {
  const [row] = await db.insert(planInvites).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateInvitePlan(
  db: Database,
  id: number,
  planId: number,
): Promise<PlanInviteRow | undefined> {
  const [row] = await db
    .update(planInvites)
    .set({ planId })
    .where(eq(planInvites.id, id))
    .returning();
  return row;
}

export async function deleteInviteRow(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(planInvites)
    .where(eq(planInvites.id, id))
    .returning({ id: planInvites.id });
  return rows.length > 0;
}
