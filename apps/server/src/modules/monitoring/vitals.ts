import { sql } from 'drizzle-orm';
import { queryRows } from '../../db';
import type { DatabaseHandle, DatabasePoolState } from '../../db';
import type { RedisConnections } from '../../redis';

/** The durable jobs by state: due now, waiting for their time, and given up after every retry. */
export interface JobCounts {
  due: number;
  scheduled: number;
  givenUp: number;
}

export interface VitalsSources {
  database: DatabaseHandle;
  redis: RedisConnections | undefined;
  /** Sockets connected to this instance. */
  sockets: () => number;
}

const count = (value: unknown): number => Number(value ?? 0);

/** One statement over the jobs table (the due index serves the first two counts). */
export async function countJobs(database: DatabaseHandle): Promise<JobCounts> {
  const [row] = await queryRows<{ due: unknown; scheduled: unknown; given_up: unknown }>(
    database.db,
    sql`select
          count(*) filter (where done_at is null and canceled_at is null and run_at <= now()) as due,
          count(*) filter (where done_at is null and canceled_at is null and run_at > now()) as scheduled,
          count(*) filter (where canceled_at is not null and attempts >= max_attempts
                             and last_error is not null) as given_up
        from jobs`,
  );
  return { due: count(row?.due), scheduled: count(row?.scheduled), givenUp: count(row?.given_up) };
}

const upOrDown = (check: () => Promise<void>): Promise<boolean> =>
  check().then(
    () => true,
    () => false,
  );

/** What a scrape reads from the instance's dependencies, each part failing on its own. */
export interface DependencyVitals {
  databaseUp: boolean;
  pool: DatabasePoolState | undefined;
  /** Undefined when this instance runs without Redis. */
  redisUp: boolean | undefined;
  /** Undefined when the database could not be asked. */
  jobs: JobCounts | undefined;
  sockets: number;
}

export async function readDependencyVitals(sources: VitalsSources): Promise<DependencyVitals> {
  const [databaseUp, redisUp, jobs] = await Promise.all([
    upOrDown(sources.database.ping),
    sources.redis ? upOrDown(sources.redis.ping) : undefined,
    countJobs(sources.database).catch(() => undefined),
  ]);
  return { databaseUp, pool: sources.database.pool?.(), redisUp, jobs, sockets: sources.sockets() };
}
