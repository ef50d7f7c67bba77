import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PlanPeriod, SubscriptionState } from '@talaqa/domain';
import type { QuotaSubscription } from '@talaqa/domain';
import type { Database } from '../../db';
import { plans, subscriptions, users } from '../../db/schema';
import type { PlanRow, SubscriptionRow } from '../../db/schema';

export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** The row's fields the domain's quota rules read. */
export const quotaFields = (row: SubscriptionRow): QuotaSubscription => ({
  period: row.period as PlanPeriod,
  weeklyMinutes: row.weeklyMinutes,
  consumedMinutes: row.consumedMinutes,
  weekStartedAt: row.weekStartedAt,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  canceledAt: row.canceledAt,
});

/** Not cancelled and not over at `now` (subscriptions never start in the future). */
const liveAt = (now: Date): SQL | undefined =>
  and(isNull(subscriptions.canceledAt), gt(subscriptions.endsAt, now));

const isPaid = ne(subscriptions.period, PlanPeriod.FreeTrial);

export async function findSubscriptionRow(
  db: Database,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The row, locked until the transaction ends (against a concurrent cancel or consumption). */
export async function lockSubscriptionRow(
  db: Database,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function findByTransaction(
  db: Database,
  transactionId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.transactionId, transactionId));
  return row;
}

/**
 * The student's live subscription (paid or trial). The exclusion constraint allows at most one
 * live subscription at any instant, so there is at most one.
 */
export async function findLiveRow(
  db: Database,
  userId: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), lte(subscriptions.startsAt, now), liveAt(now)))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1)
    .prepare('subscriptions_live_row') // every booking reads it
    .execute();
  return row;
}

export async function findLivePaidRow(
  db: Database,
  userId: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isPaid, liveAt(now)))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1);
  return row;
}

export async function hasAnySubscription(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the student's user row for the rest of the transaction. Everything that creates or ends
 * a student's subscriptions takes this lock first, so such writes for one student happen one
 * after the other and each sees what the previous one committed.
 */
export async function lockStudent(
  db: Database,
  userId: number,
): Promise<{ id: number; role: number; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function insertSubscriptionRow(
  db: Database,
  values: NewSubscriptionRow,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Ends the student's live free trial at `now` so a paid period can start then. A trial that
 * began at this very instant cannot end at it (ends_at > starts_at), so it is cancelled instead.
 */
export async function endLiveTrials(db: Database, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({
      endsAt: sql`case when ${subscriptions.startsAt} < ${now} then ${now}::timestamptz else ${subscriptions.endsAt} end`,
      canceledAt: sql`case when ${subscriptions.startsAt} < ${now} then null else ${now}::timestamptz end`,
    })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.period, PlanPeriod.FreeTrial),
        liveAt(now),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** Guarded: only a live subscription is cancelled; undefined when it was not (any more). */
export async function cancelSubscriptionRow(
  db: Database,
  id: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ canceledAt: now })
    .where(and(eq(subscriptions.id, id), liveAt(now)))
    .returning();
  return row;
}

/** Cancels the subscription a transaction bought (a full refund), if it is still live. */
export async function cancelByTransaction(
  db: Database,
  transactionId: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ canceledAt: now })
    .where(and(eq(subscriptions.transactionId, transactionId), isNull(subscriptions.canceledAt)))
    .returning();
  return row;
}

/**
 * Adds `minutes` to the quota week starting at `weekStart` (a stale week's number restarts from
 * zero), only while the subscription is live and the minutes fit: a lost race changes nothing.
 */
export async function consumeRowMinutes(
  db: Database,
  id: number,
  minutes: number,
  weekStart: Date,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const current = sql`(case when ${subscriptions.weekStartedAt} < ${weekStart}::timestamptz then 0 else ${subscriptions.consumedMinutes} end)`;
  const [row] = await db
    .update(subscriptions)
    .set({
      consumedMinutes: sql`${current} + ${minutes}`,
      weekStartedAt: sql`greatest(${subscriptions.weekStartedAt}, ${weekStart}::timestamptz)`,
    })
    .where(
      and(
        eq(subscriptions.id, id),
        liveAt(now),
        sql`${current} + ${minutes} <= ${subscriptions.weeklyMinutes}`,
      ),
    )
    .returning()
    .prepare('subscriptions_consume_minutes') // every booking runs it
    .execute();
  return row;
}

/** Gives minutes back to the quota week that began at `weekStart`, if it is still the stored one. */
export async function returnRowMinutes(
  db: Database,
  id: number,
  minutes: number,
  weekStart: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ consumedMinutes: sql`greatest(${subscriptions.consumedMinutes} - ${minutes}, 0)` })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.weekStartedAt, weekStart)))
    .returning();
  return row;
}

/**
 * Writes the weekly renewal down for every live paid subscription whose stored week is over:
 * consumption back to zero, the week starting at the later of `weekStart` and its own start.
 */
export async function renewStaleWeeks(db: Database, weekStart: Date, now: Date): Promise<number> {
  const start = sql`greatest(${weekStart}::timestamptz, ${subscriptions.startsAt})`;
  const rows = await db
    .update(subscriptions)
    .set({ consumedMinutes: 0, weekStartedAt: start })
    .where(
      and(
        isPaid,
        liveAt(now),
        lte(subscriptions.startsAt, now),
        sql`${subscriptions.weekStartedAt} < ${start}`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

export interface SubscriptionFilters {
  userId?: number;
  planId?: number;
  state?: SubscriptionState;
}

function stateIs(state: SubscriptionState, now: Date): SQL | undefined {
  switch (state) {
    case SubscriptionState.Active:
      return liveAt(now);
    case SubscriptionState.Canceled:
      return isNotNull(subscriptions.canceledAt);
    case SubscriptionState.Ended:
      return and(isNull(subscriptions.canceledAt), lte(subscriptions.endsAt, now));
  }
}

export async function listSubscriptionRows(
  db: Database,
  filters: SubscriptionFilters,
  paging: { page: number; size: number },
  now: Date,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = and(
    filters.userId === undefined ? undefined : eq(subscriptions.userId, filters.userId),
    filters.planId === undefined ? undefined : eq(subscriptions.planId, filters.planId),
    filters.state === undefined ? undefined : stateIs(filters.state, now),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function planRowsByIds(db: Database, ids: number[]): Promise<Map<number, PlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(plans).where(inArray(plans.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The plan a free trial is attached to: the cheapest active plan open to everyone. */
export async function cheapestPublicPlan(db: Database): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), eq(plans.forInvitesOnly, false)))
    .orderBy(asc(plans.baseMonthPrice), asc(plans.weeklyMinutes), asc(plans.id))
    .limit(1);
  return row;
}
