import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { LivingSql } from './living-sql';
import { openPglite } from './pglite';

export { dumpMigratedPglite } from './pglite';
import { connectPostgres } from './postgres';
import type { Database, DatabaseHandle } from './types';

export type { Database, DatabaseDriver, DatabaseHandle, DatabasePoolState } from './types';
export type { LivingSql } from './living-sql';
export * as schema from './schema';

/**
 * PostgreSQL when DATABASE_URL is set, the embedded PGlite database otherwise. `livingSql`: the
 * living SQL files its `migrate()` applies after the migrations (the app's list: app.ts).
 * `pgliteTemplate`: a migrated PGlite data directory to start from (tests).
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  livingSql: readonly LivingSql[],
  log: Pick<FastifyBaseLogger, 'warn'> = console,
  pgliteTemplate?: Blob,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl, log, livingSql);
  return openPglite(config.pgliteDir, livingSql, pgliteTemplate);
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

const dialect = new PgDialect();

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses and plans it once per connection
 * and then only binds and runs it (a busy raw query, e.g. booking's reads, was planned on every
 * call). What `.prepare(name)` is for Drizzle's query builders, for a raw `sql` query; the text
 * must be the same on every call (values go in as parameters), since a name is one text.
 */
export async function preparedRows<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: SQL,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * A Drizzle prepared statement (`.prepare(name)` with `sql.placeholder`s for the values) made once
 * per database, when first needed: the server builds its SQL once, and PostgreSQL parses and plans
 * it once per connection. Only for statements run on the database itself: a prepared statement
 * belongs to the database (or transaction) it was made on.
 */
export function preparedOnce<Statement>(
  make: (db: Database) => Statement,
): (db: Database) => Statement {
  const made = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}
