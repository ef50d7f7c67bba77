import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_DIR } from '../paths';
import { withTimeout } from '../timeout';
import { applyLivingSql } from './living-sql';
import type { LivingSql } from './living-sql';
import * as schema from './schema';
import { PING_TIMEOUT_MS } from './types';
import type { DatabaseHandle } from './types';

/** Any constant works; it only has to be the same for every instance of the server. */
const MIGRATION_LOCK_KEY = 7_246_010;
const POOL_MAX = 10;

/** PostgreSQL through a node-postgres pool (staging, production, CI). */
export function connectPostgres(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  livingSql: readonly LivingSql[],
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool
  // replaces it and the next query reports the problem.
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: () =>
      migrateExclusively(pool, async () => {
        await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
        await applyLivingSql(db, livingSql);
      }),
    ping: async () => {
      await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'database ping');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  };
}

/**
 * Several instances may start at once; drizzle's migrator does not lock, so an advisory lock held
 * on one connection makes the others wait and then find nothing left to apply.
 */
async function migrateExclusively(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await run();
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockHolder.release();
  }
}
