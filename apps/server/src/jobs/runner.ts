import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows } from '../db';
import type { Database } from '../db';

/** The job as its handler sees it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  /** When it was due (the moment it was scheduled for, or its retry time). */
  runAt: Date;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export type JobLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface JobContext {
  job: ClaimedJob;
  db: Database;
  log: JobLog;
}

/**
 * Does one job's work. It may run more than once (a crash after the work but before the job is
 * marked done runs it again), so it must be idempotent; a throw is retried with backoff.
 */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseMs: number;
  maxMs: number;
}

export interface JobRunnerOptions {
  db: Database;
  log: JobLog;
  /** By kind; read at every poll, so kinds registered later are picked up. */
  handlers: Readonly<Record<string, JobHandler>>;
  pollMs: number;
  /** Jobs claimed (and run side by side) per poll. */
  batchSize?: number;
  /** How long a claim holds; a job still locked after it (its process died) is claimed again. */
  leaseMs?: number;
  retry?: RetryPolicy;
}

export interface JobRunner {
  /** Claims the due jobs and runs them now (one poll); resolves with how many ran. */
  runDue(): Promise<number>;
  /** Stops polling and waits for the handlers that are running. Safe to call twice. */
  stop(): Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 60 * 60_000 };
const ERROR_TEXT_MAX = 2000;

/** The wait before attempt `attempt + 1`: base, 2 x base, 4 x base ... at most max. */
export const backoffMs = (attempt: number, retry: RetryPolicy): number =>
  Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempt - 1));

interface ClaimRow extends Record<string, unknown> {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  /** The claim's `locked_until` as text: exact to the microsecond, it names this claim. */
  lease: string;
}

/**
 * Claims up to `limit` due jobs of the given kinds. `for update skip locked` lets runners in
 * other processes claim other rows at the same moment and never the same one; the lease and the
 * attempt are written in the same statement.
 */
async function claim(
  db: Database,
  kinds: string[],
  limit: number,
  leaseMs: number,
): Promise<ClaimRow[]> {
  return queryRows<ClaimRow>(
    db,
    sql`update jobs
      set locked_until = now() + ${leaseMs} * interval '1 millisecond',
          attempts = attempts + 1,
          updated_at = now()
      where id in (
        select id from jobs
        where done_at is null and canceled_at is null
          and run_at <= now()
          and (locked_until is null or locked_until <= now())
          and attempts < max_attempts
          and kind in ${kinds}
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, kind, key, payload, run_at, attempts, max_attempts, locked_until::text as lease`,
  );
}

/**
 * A job whose last attempt's process died (lease over, attempts used up) is given up, so it does
 * not hold its (kind, key) for ever.
 */
async function giveUpAbandoned(db: Database): Promise<void> {
  await db.execute(sql`update jobs
    set canceled_at = now(), locked_until = null, updated_at = now(),
        last_error = coalesce(last_error, 'the last attempt did not finish (lease expired)')
    where done_at is null and canceled_at is null
      and attempts >= max_attempts and locked_until <= now()`);
}

/** This claim still holds the job: not rescheduled, cancelled or claimed again meanwhile. */
const stillOurs = (job: ClaimRow) =>
  sql`id = ${job.id} and attempts = ${job.attempts} and locked_until = ${job.lease}::timestamptz
      and done_at is null and canceled_at is null`;

async function markDone(db: Database, job: ClaimRow): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update jobs set done_at = now(), locked_until = null, last_error = null, updated_at = now()
      where ${stillOurs(job)} returning id`,
  );
  return rows.length > 0;
}

async function markFailed(
  db: Database,
  job: ClaimRow,
  error: string,
  retryInMs: number,
): Promise<'retry' | 'gave-up' | 'moved'> {
  const rows = await queryRows<{ given_up: boolean }>(
    db,
    sql`update jobs
      set locked_until = null, last_error = ${error}, updated_at = now(),
          run_at = now() + ${retryInMs} * interval '1 millisecond',
          canceled_at = case when attempts >= max_attempts then now() end
      where ${stillOurs(job)}
      returning canceled_at is not null as given_up`,
  );
  const [row] = rows;
  if (!row) return 'moved';
  return row.given_up ? 'gave-up' : 'retry';
}

/**
 * The job was rescheduled or cancelled while it ran: free it (a rescheduled job then runs again
 * at its new time).
 */
async function release(db: Database, job: ClaimRow): Promise<void> {
  await db.execute(
    sql`update jobs set locked_until = null
      where id = ${job.id} and locked_until = ${job.lease}::timestamptz`,
  );
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);

/**
 * Polls the jobs table every `pollMs` (at once again after a full batch) and runs the due jobs
 * whose kind has a handler. Works the same on PostgreSQL and PGlite; several processes on one
 * database share the work and never run one job twice at the same time.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, handlers, pollMs } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const retry = options.retry ?? DEFAULT_RETRY;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Polls never overlap: each one waits for the previous one (and its handlers).
  let queue: Promise<unknown> = Promise.resolve();

  async function runOne(job: ClaimRow): Promise<void> {
    const handler = handlers[job.kind];
    const claimed: ClaimedJob = {
      id: job.id,
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      runAt: new Date(job.run_at),
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
    };
    const jobLog = { jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { job: claimed, db, log });
    } catch (error) {
      const text = errorText(error);
      const outcome = await markFailed(db, job, text, backoffMs(job.attempts, retry));
      if (outcome === 'moved') await release(db, job);
      const message = outcome === 'gave-up' ? 'job failed for the last time' : 'job failed';
      log[outcome === 'gave-up' ? 'error' : 'warn']({ ...jobLog, err: error }, message);
      return;
    }
    if (!(await markDone(db, job))) await release(db, job);
    log.debug(jobLog, 'job done');
  }

  async function poll(): Promise<number> {
    const kinds = Object.keys(handlers);
    if (kinds.length === 0) return 0;
    await giveUpAbandoned(db);
    const claimed = await claim(db, kinds, batchSize, leaseMs);
    // A failed bookkeeping write (database gone) leaves the lease to expire: the job runs again.
    await Promise.all(
      claimed.map((job) =>
        runOne(job).catch((error: unknown) =>
          log.warn({ err: error, jobId: job.id }, 'job bookkeeping failed'),
        ),
      ),
    );
    return claimed.length;
  }

  function runDue(): Promise<number> {
    const next = queue.then(poll);
    queue = next.catch(() => undefined);
    return next;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      runDue().then(
        (count) => schedule(count >= batchSize ? 0 : pollMs),
        (error: unknown) => {
          if (!stopped) log.warn({ err: error }, 'polling the jobs failed');
          schedule(pollMs);
        },
      );
    }, delay);
    timer.unref();
  }

  schedule(0);
  return {
    runDue,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
    },
  };
}
