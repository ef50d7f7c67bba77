import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import { withTimeout } from '../timeout';
import { applyLivingSql } from './living-sql';
import type { LivingSql } from './living-sql';
import * as schema from './schema';
import { PING_TIMEOUT_MS } from './types';
import type { DatabaseHandle } from './types';

const IN_MEMORY = 'memory://';

/**
 * The embedded database for `npm start` and tests: Postgres compiled to WASM, in `dataDir` or in
 * memory. PGlite is a single Postgres session, so it gets exactly one client and no pool;
 * concurrent queries and transactions queue on it.
 */
export async function openPglite(
  dataDir: string,
  livingSql: readonly LivingSql[],
): Promise<DatabaseHandle> {
  if (!dataDir.startsWith(IN_MEMORY)) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: { btree_gist } });
  await client.waitReady;
  const db = drizzle({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      await applyLivingSql(db, livingSql);
    },
    ping: async () => {
      await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'database ping');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
