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
 * concurrent queries and transactions queue on it. `template`: a data directory dumped by
 * `dumpMigratedPglite` to start from instead of an empty one (tests: loading it takes a quarter
 * of the time of creating and migrating a database; `migrate()` then finds nothing to do).
 */
export async function openPglite(
  dataDir: string,
  livingSql: readonly LivingSql[],
  template?: Blob,
): Promise<DatabaseHandle> {
  if (!dataDir.startsWith(IN_MEMORY)) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    extensions: { btree_gist },
    ...(template ? { loadDataDir: template } : {}),
  });
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

/** A migrated in-memory database's data directory, for `openPglite`'s `template`. */
export async function dumpMigratedPglite(livingSql: readonly LivingSql[]): Promise<Blob> {
  const client = new PGlite(IN_MEMORY, { extensions: { btree_gist } });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await applyLivingSql(db, livingSql);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
