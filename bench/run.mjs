// `npm run bench`: starts the built server on a fresh database and a bare Fastify route, drives both
// with autocannon in the same run, prints a table and appends it to bench/RESULTS.md.
//
// Options (environment): BENCH_DURATION seconds per scenario (default 10), BENCH_CONNECTIONS
// (default 100), BENCH_ONLY=comma list of scenario names, BENCH_DATABASE_URL=a PostgreSQL server
// to create the fresh database on (default: a fresh PGlite folder), BENCH_REDIS_URL.
// Later issues add scenarios below.
import autocannon from 'autocannon';
import pg from 'pg';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const only = process.env.BENCH_ONLY?.split(',');
const ports = { bare: 4801, api: 4800 };

const scenarios = [
  { name: 'bare Fastify route', url: `http://127.0.0.1:${ports.bare}/bare`, baseline: true },
  { name: 'GET /api/v1/health', url: `http://127.0.0.1:${ports.api}/api/v1/health` },
].filter((s) => s.baseline || !only || only.includes(s.name));

function ensureServerBuilt() {
  if (existsSync(join(root, 'apps/server/dist/main.js'))) return;
  const built = spawnSync('npm', ['run', 'build', '-w', '@talaqa/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function measure(scenario) {
  // A short warm-up so the JIT and connection pools are settled before the figures count.
  await autocannon({ url: scenario.url, connections, duration: 2 });
  const result = await autocannon({ url: scenario.url, connections, duration });
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A new, empty database for this run: a PGlite folder, or a database on BENCH_DATABASE_URL. */
async function freshDatabase() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'talaqa-bench-'));
    return {
      kind: 'PGlite',
      env: { PGLITE_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `talaqa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

ensureServerBuilt();
const database = await freshDatabase();
const bare = startProcess([join(here, 'bare-server.mjs')], { PORT: String(ports.bare) });
const server = startProcess([join(root, 'apps/server/dist/main.js')], {
  APP_ENV: 'local',
  PORT: String(ports.api),
  HOST: '127.0.0.1',
  ...database.env,
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  LOG_LEVEL: 'warn',
  SERVE_APPS: 'false',
});

const rows = [];
try {
  await waitFor(`http://127.0.0.1:${ports.bare}/bare`);
  await waitFor(`http://127.0.0.1:${ports.api}/api/v1/health`);
  for (const scenario of scenarios) {
    process.stdout.write(`measuring ${scenario.name} ...\n`);
    rows.push(await measure(scenario));
  }
} finally {
  await Promise.all([stop(bare), stop(server)]);
  await database.drop();
}

const baseline = rows[0].rps;
const header = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `database ${database.kind}${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}; ${connections} connections, ${duration} s per scenario after a 2 s warm-up; load generator and server on the same machine.`,
  '',
  '| scenario | requests/s | ratio to bare | p50 ms | p99 ms | errors + non-2xx |',
  '|---|---:|---:|---:|---:|---:|',
];
const lines = rows.map(
  (r) =>
    `| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / baseline).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
);
const table = [...header, ...lines, ''].join('\n');
console.log(`\n${table}`);
appendFileSync(join(here, 'RESULTS.md'), `\n${table}`);
