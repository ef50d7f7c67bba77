import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_DIR } from '../paths';
import { withTimeout } from '../timeout';
import * as schema from './schema';
import { PING_TIMEOUT_MS } from './types';
import type { DatabaseHandle } from './types';

/** Any constant works; it only has to be the same for every instance of the server. */
const MIGRATION_LOCK_KEY = 7_246_010;

/** PostgreSQL through a node-postgres pool (staging, production, CI). */
export function connectPostgres(url: string, log: Pick<FastifyBaseLogger, 'warn'>): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    Client: preparingClient(statementNames(PREPARED_STATEMENTS_LIMIT)),
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
      migrateExclusively(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR })),
    ping: async () => {
      await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'database ping');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** How many different statement texts a connection keeps prepared, at most. */
export const PREPARED_STATEMENTS_LIMIT = 500;

/**
 * The name under which a parameterized statement text is prepared, the same on every connection;
 * undefined once `limit` texts have names, so texts that vary (IN lists of many lengths) cannot
 * grow the server's memory without end: those run unnamed, as before.
 */
export function statementNames(limit: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `talaqa_${names.size}`;
    names.set(text, name);
    return name;
  };
}

/**
 * A pool client that prepares the statements the server repeats: PostgreSQL parses and plans a
 * named text once per connection and then only binds and runs it (node-postgres sends the Parse
 * only the first time on each connection). Booking runs a dozen statements; their parsing and
 * planning was about a third of the database's time per booking (pg_stat_statements). Statements
 * without parameters (begin, commit, DDL) keep the simple protocol.
 */
function preparingClient(nameOf: (text: string) => string | undefined): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for query()'s many overloads
    override query(config: any, values?: any, callback?: any): any {
      return super.query(named(config, values, nameOf), values, callback);
    }
  };
}

function named<Config>(
  config: Config,
  values: unknown,
  nameOf: (text: string) => string | undefined,
): Config {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown };
  const parameters = Array.isArray(values) ? values : query.values;
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  if (!Array.isArray(parameters) || parameters.length === 0) return config;
  const name = nameOf(query.text);
  return name === undefined ? config : ({ ...query, name } as Config);
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
