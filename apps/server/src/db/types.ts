import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database as services see it, whichever driver is underneath (node-postgres or PGlite):
 * both drivers' databases are this class with their own result type.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /**
   * Applies the SQL migrations in drizzle/ that this database has not seen yet, then the living
   * SQL files given when it was opened (db/living-sql.ts), again each time.
   */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Releases the connection(s). Safe to call twice. */
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL); PGlite has one in-process connection and none. */
  pool?(): DatabasePoolState;
}

export interface DatabasePoolState {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export const PING_TIMEOUT_MS = 2000;
