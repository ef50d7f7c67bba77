import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { LIVING_SQL } from '../../src/app';
import { createDatabase, dumpMigratedPglite } from '../../src/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) every in-memory test database starts from. */
    pgliteTemplateFile?: string;
    /** A migrated PostgreSQL database every test database is created from (TEST_DB=postgres). */
    postgresTemplate?: string;
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database before the integration files run, and each test server's fresh database
 * is a copy of it (CREATE DATABASE ... TEMPLATE on PostgreSQL, a loaded data directory on PGlite)
 * instead of being created and migrated again: a PGlite start took 2.3 s of which the copy
 * takes 0.55 s, over some 130 servers per run. Migrations themselves stay tested where a test
 * migrates (migrate-command, database and the servers given their own directories).
 */
export default async function setup(project: TestProject) {
  const suffix = randomBytes(6).toString('hex');
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `talaqa_template_${suffix}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase(
      { databaseUrl: url.toString(), pgliteDir: 'memory://' },
      LIVING_SQL,
    );
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const file = join(tmpdir(), `talaqa-pglite-template-${suffix}.tar`);
  const template = await dumpMigratedPglite(LIVING_SQL);
  writeFileSync(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(file, { force: true });
}
