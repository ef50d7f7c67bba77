import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { availabilityForWeekMinutes, cairoWeekBounds, nextFreeStart } from '@talaqa/domain';
import type { TutorTimeContext } from '@talaqa/domain';
import type { Database } from '../../../db';
import { tutorProfiles } from '../../../db/schema';
import { scheduleJob } from '../../../jobs';
import { busyOf, storedSlotsOf } from '../schedule';

/**
 * The stored next free start of each tutor (`tutor_profiles.next_free_at`), which the public list
 * filters and sorts by so that a page never reads every tutor's schedule. It is written in the
 * transaction of every change that can move it (a schedule saved, a lesson booked, moved or
 * canceled, the notice period changed) and, as the clock passes it, by a job every minute.
 */

/** Tutors refreshed per query batch: two reads and one write whatever the batch holds. */
const BATCH = 200;
export const REFRESH_NEXT_FREE_JOB = 'tutors.refresh-next-free';
const REFRESH_EVERY_MS = 60_000;

/** A tutor's next free start as stored, with the Cairo week it was computed in. */
export interface StoredNextFree {
  at: Date | null;
  week: Date | null;
}

/**
 * Stores one tutor's next free start from the schedule and appointments its caller has already
 * read (and changed) in the transaction: a booking needs no second read of them. Given what is
 * stored now, writes only when it moves, and answers whether it did: a booking later in the
 * week leaves the tutor's card and every list page as they were.
 */
export async function storeNextFree(
  db: Database,
  tutorId: number,
  context: TutorTimeContext,
  stored?: StoredNextFree,
): Promise<boolean> {
  const next = nextFreeStart({ ...context, tutor: { ...context.tutor, listed: true } });
  const week = cairoWeekBounds(context.now).start;
  if (stored && sameInstant(stored.at, next) && sameInstant(stored.week, week)) return false;
  // Prepared: a booking that takes the tutor's next free start runs it.
  await db
    .update(tutorProfiles)
    .set({ nextFreeAt: next, nextFreeWeek: week })
    .where(eq(tutorProfiles.userId, tutorId))
    .prepare('tutors_store_next_free')
    .execute();
  return true;
}

const sameInstant = (a: Date | null, b: Date | null): boolean =>
  a === null || b === null ? a === b : a.getTime() === b.getTime();

/** Computes and stores the exact next free start (this Cairo week) of these tutors. */
export async function refreshNextFree(
  db: Database,
  tutorIds: readonly number[],
  now: Date,
): Promise<void> {
  for (let index = 0; index < tutorIds.length; index += BATCH) {
    await refreshBatch(db, tutorIds.slice(index, index + BATCH), now);
  }
}

async function refreshBatch(db: Database, tutorIds: readonly number[], now: Date): Promise<void> {
  if (tutorIds.length === 0) return;
  const week = cairoWeekBounds(now);
  const [profiles, slots, busy] = await Promise.all([
    db
      .select({ userId: tutorProfiles.userId, noticePeriod: tutorProfiles.noticePeriod })
      .from(tutorProfiles)
      .where(inArray(tutorProfiles.userId, [...tutorIds])),
    storedSlotsOf(db, tutorIds),
    busyOf(db, tutorIds, week),
  ]);
  if (profiles.length === 0) return;
  const values = profiles.map((profile) => {
    const next = nextFreeStart({
      now,
      tutor: { listed: true, noticePeriod: profile.noticePeriod },
      availability: availabilityForWeekMinutes(slots.get(profile.userId) ?? [], now),
      busy: busy.get(profile.userId) ?? [],
    });
    return sql`(${profile.userId}::integer, ${next ? next.toISOString() : null}::timestamptz)`;
  });
  // One statement for the batch: each tutor's value from a VALUES list joined by id.
  const computed = sql`(values ${sql.join(values, sql`, `)}) as computed(user_id, next_free_at)`;
  await db
    .update(tutorProfiles)
    .set({
      nextFreeAt: sql`computed.next_free_at`,
      nextFreeWeek: week.start,
      // The clock moving is no edit of the profile: updated_at stays (no $onUpdate here).
      updatedAt: sql`${tutorProfiles.updatedAt}`,
    })
    .from(computed)
    .where(eq(tutorProfiles.userId, sql`computed.user_id`));
}

/**
 * Tutors whose stored value the clock has made wrong: written for an earlier week (or never), or
 * no longer bookable (the start is inside the notice period now). A stored "none this week" stays
 * true as time passes, so only the week change touches those.
 */
export async function staleTutorIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const week = cairoWeekBounds(now).start.toISOString();
  const rows = await db
    .select({ userId: tutorProfiles.userId })
    .from(tutorProfiles)
    .where(
      or(
        sql`${tutorProfiles.nextFreeWeek} is distinct from ${week}::timestamptz`,
        and(
          isNotNull(tutorProfiles.nextFreeAt),
          sql`${tutorProfiles.nextFreeAt} < ${now.toISOString()}::timestamptz + ${tutorProfiles.noticePeriod} * interval '1 minute'`,
        ),
      ),
    )
    .orderBy(asc(tutorProfiles.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** Refreshes every stale tutor, a batch at a time; answers how many were refreshed. */
export async function refreshStaleNextFree(db: Database, now: Date): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const ids = await staleTutorIds(db, now, BATCH);
    if (ids.length === 0) return refreshed;
    await refreshBatch(db, ids, now);
    refreshed += ids.length;
    if (ids.length < BATCH) return refreshed;
  }
}

/**
 * One job, moved a minute ahead by each run (same key), keeps the stored values true as the clock
 * moves; every instance asks for it at start and the key keeps it single.
 */
export const nextFreeJobs: FastifyPluginAsync = async (app) => {
  // Timed by the runner's (database's) clock: the tick is upkeep, due every minute of real time.
  const scheduleTick = (afterMs: number): Promise<unknown> =>
    scheduleJob(app.database.db, { kind: REFRESH_NEXT_FREE_JOB, key: 'tick', afterMs });
  app.jobs.register(REFRESH_NEXT_FREE_JOB, async (_payload, { db, log }) => {
    const now = app.clock.now();
    const refreshed = await refreshStaleNextFree(db, now);
    if (refreshed > 0) log.debug({ refreshed }, 'tutors next free times refreshed');
    await scheduleTick(REFRESH_EVERY_MS);
  });
  app.addHook('onReady', async () => {
    await scheduleTick(0);
  });
};
