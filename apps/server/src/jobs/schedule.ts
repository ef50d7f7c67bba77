import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { jobs } from '../db/schema';
import type { JobRow } from '../db/schema';

/** Attempts a job gets when its kind does not say otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface JobRequest {
  kind: string;
  /**
   * Makes scheduling idempotent: while a job of this kind and key is pending (not done, not
   * cancelled), scheduling it again moves that job instead of adding another.
   */
  key?: string | null;
  /**
   * When it runs. Left out, it runs `afterMs` (default 0) after the database's own now(), the
   * clock the runner claims by: "as soon as possible" or "in a minute" then hold whatever the
   * app's business clock (which tests move) reads.
   */
  runAt?: Date;
  afterMs?: number;
  /** JSON the handler receives. */
  payload?: unknown;
  maxAttempts?: number;
}

/** A job at a time of its own (scheduleJobs' rows: see there). */
export type TimedJobRequest = JobRequest & { runAt: Date };

/** The partial unique index `jobs_kind_key`'s predicate, which ON CONFLICT must name to use it. */
const PENDING_WITH_KEY = sql`key is not null and done_at is null and canceled_at is null`;

/**
 * Schedules a job; pass a transaction to make the job exist exactly when the change that needs
 * it commits. With a key, a pending job of the same kind and key is updated instead (its time,
 * payload and attempts start over); scheduling it with the same values again changes nothing.
 * A job running at that moment finishes and then runs again at the new time.
 */
const valuesOf = (request: JobRequest) => ({
  kind: request.kind,
  key: request.key ?? null,
  runAt: request.runAt ?? sql<Date>`now() + ${request.afterMs ?? 0} * interval '1 millisecond'`,
  payload: request.payload ?? {},
  maxAttempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
});

const movePendingJob = {
  target: [jobs.kind, jobs.key],
  targetWhere: PENDING_WITH_KEY,
  set: {
    runAt: sql`excluded.run_at`,
    payload: sql`excluded.payload`,
    maxAttempts: sql`excluded.max_attempts`,
    attempts: 0,
    lastError: null,
    updatedAt: sql`now()`,
  },
  // The same request again is not a change: the job keeps its attempts (and a running job
  // is not made to run twice).
  setWhere: sql`(${jobs.runAt}, ${jobs.payload}, ${jobs.maxAttempts}) is distinct from (excluded.run_at, excluded.payload, excluded.max_attempts)`,
};

export async function scheduleJob(db: Database, request: JobRequest): Promise<JobRow> {
  const values = valuesOf(request);
  const [row] = await db.insert(jobs).values(values).onConflictDoUpdate(movePendingJob).returning();
  if (row) return row;
  const [pending] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, values.kind), pendingWithKey(values.key)));
  if (!pending) throw new Error(`job ${values.kind}/${values.key} vanished while scheduling`);
  return pending;
}

/**
 * scheduleJob for several jobs (of distinct kinds or keys) in one statement, prepared by its
 * number of rows (a booking schedules its reminders with it; one text per count, so each job
 * names its time: an SQL now() would change the text).
 */
export async function scheduleJobs(
  db: Database,
  requests: readonly TimedJobRequest[],
): Promise<void> {
  if (requests.length === 0) return;
  const insert = db.insert(jobs).values(requests.map(valuesOf)).onConflictDoUpdate(movePendingJob);
  if (requests.length > PREPARED_ROW_COUNTS) await insert;
  else await insert.prepare(`jobs_schedule_${requests.length}`).execute();
}

/**
 * SQL that schedules keyed jobs, leaving a pending job of the same kind and key as it is (time
 * and payload): the first request of a burst sets the time, a quiet period that later ones do
 * not stretch. `rows` is a query of the jobs to schedule, with the columns kind (text), key
 * (text), after_ms (int: from the database's now()), payload (jsonb) and max_attempts (int); it
 * may read other CTEs of a larger statement (chat stores a batch of messages and schedules their
 * notices in one statement). A key repeated in `rows` is scheduled once.
 */
export function jobsKeepingPending(rows: SQL): SQL {
  return sql`insert into ${jobs} (kind, key, run_at, payload, max_attempts)
    select distinct on (j.kind, j.key)
        j.kind, j.key, now() + j.after_ms * interval '1 millisecond', j.payload, j.max_attempts
      from (${rows}) as j
    on conflict (kind, key) where ${PENDING_WITH_KEY} do nothing`;
}

/** Up to this many rows, scheduleJobs' statement is prepared (more are rare). */
const PREPARED_ROW_COUNTS = 4;

const pendingWithKey = (key: string | null) =>
  and(
    key === null ? isNull(jobs.key) : eq(jobs.key, key),
    isNull(jobs.doneAt),
    isNull(jobs.canceledAt),
  );

/**
 * Cancels the pending job of this kind and key (a running one finishes, and is not retried or
 * run again). Answers how many were cancelled (0 or 1).
 */
export async function cancelJobs(db: Database, kind: string, key: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ canceledAt: sql`now()` })
    .where(and(eq(jobs.kind, kind), pendingWithKey(key)))
    .returning({ id: jobs.id });
  return rows.length;
}
