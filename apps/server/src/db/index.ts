import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { LivingSql } from './living-sql';
import { openPglite } from './pglite';
import { connectPostgres } from './postgres';
import type { Database, DatabaseHandle } from './types';

export type { Database, DatabaseDriver, DatabaseHandle } from './types';
export type { LivingSql } from './living-sql';
export * as schema from './schema';

/**
 * PostgreSQL when DATABASE_URL is set, the embedded PGlite database otherwise. `livingSql`: the
 * living SQL files its `migrate()` applies after the migrations (the app's list: app.ts).
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  livingSql: readonly LivingSql[],
  log: Pick<FastifyBaseLogger, 'warn'> = console,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl, log, livingSql);
  return openPglite(config.pgliteDir, livingSql);
}

/**
 * Runs raw SQL and returns its rows. Through the driver-neutral `Database` type `execute()` is
 * typed `unknown`; both drivers do answer `{ rows }`, and this is the one place that says so.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
