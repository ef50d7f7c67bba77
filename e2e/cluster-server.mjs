// The cluster under test (playwright.cluster.config.ts): `npm run start:cluster`
// (scripts/cluster.mjs: two API instances behind nginx) on a fresh PostgreSQL database and its
// own Redis key prefix, so it never meets a developer's cluster or another run. The database is
// dropped when Playwright stops this process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
// The config names the database, so the journeys can reach it too (../cluster.ts).
const database = new URL(process.env.CLUSTER_DATABASE_URL ?? '');
const name = database.pathname.slice(1);
const server = new URL(database);
server.pathname = '/postgres';

const cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: database.toString(),
    REDIS_KEY_PREFIX: `${name}:`,
  },
});

async function dropDatabase() {
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
  } catch (error) {
    console.error(`could not drop the test database ${name}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (cluster.exitCode === null && cluster.signalCode === null) {
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await exited;
  }
  await dropDatabase();
  process.exit(code);
}

process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
cluster.once('exit', (code) => void stop(code ?? 1));
