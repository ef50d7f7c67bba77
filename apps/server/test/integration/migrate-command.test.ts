import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LIVING_SQL } from '../../src/app';
import { createDatabase, queryRows } from '../../src/db';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../../src/paths';
import pg from 'pg';
import { testDriver } from './helpers';

/**
 * `node dist/main.js migrate` (docs/deploy.md, "A release"): the schema brought up to date once,
 * before a rolling restart, by a process that then exits without serving anything.
 */

const run = promisify(execFile);

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database of the pass's driver: a PGlite folder, or a fresh PostgreSQL database. */
async function emptyDatabase(): Promise<{
  where: { databaseUrl: string | undefined; pgliteDir: string };
  drop(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'talaqa-migrate-'));
  if (testDriver !== 'postgres') {
    return {
      where: { databaseUrl: undefined, pgliteDir: dir },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `talaqa_test_migrate_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    where: { databaseUrl: url.toString(), pgliteDir: dir },
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('the migrate command', () => {
  it('migrates an empty database and exits 0, listening on nothing', async () => {
    const empty = await emptyDatabase();
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts'), 'migrate'],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            APP_ENV: 'local',
            PGLITE_DIR: empty.where.pgliteDir,
            DATABASE_URL: empty.where.databaseUrl ?? '',
            PORT: '1',
          },
          timeout: 120_000,
        },
      );
      expect(stdout).toContain('database schema is up to date');
      expect(stdout).not.toContain('Talaqa server is up');
      const database = await createDatabase(empty.where, LIVING_SQL);
      try {
        const [row] = await queryRows<{ applied: number }>(
          database.db,
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        );
        expect(row?.applied).toBeGreaterThan(20);
        const tables = await queryRows<{ name: string }>(
          database.db,
          sql`select table_name as name from information_schema.tables where table_name = 'lessons'`,
        );
        expect(tables).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await empty.drop();
    }
  }, 150_000);

  it('refuses a command it does not know', async () => {
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts'), 'migrat'],
      { cwd: REPO_ROOT, env: { ...process.env, APP_ENV: 'local' }, timeout: 60_000 },
    ).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('Unknown command "migrat"');
  }, 90_000);
});
