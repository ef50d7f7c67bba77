// `node bench/redis-outage.mjs` (issue 15 item 17): the built server on PostgreSQL and a Redis of
// its own, steady load on the tutor list, plans, topics and health; the Redis is killed for
// BENCH_OUTAGE seconds (default 6) and started again on the same port. Prints successful answers
// per second before, during and after, the slowest answer of each phase, and appends the table
// to bench/RESULTS.md (BENCH_NO_RECORD=1 to only print).
//
// Options (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// a fresh database is made and dropped), BENCH_CONNECTIONS per path (default 10), BENCH_PHASE
// seconds before and after (default 6), BENCH_SERVER (default apps/server/dist/main.js; another
// build to compare with), BENCH_LABEL (added to the heading of the recorded table). The
// shared Redis is never touched: the bench runs redis-server on a free port and kills only that.
import autocannon from 'autocannon';
import pg from 'pg';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const serverPath = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/main.js');
const databaseServer =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const phaseSeconds = Number(process.env.BENCH_PHASE ?? 6);
const outageSeconds = Number(process.env.BENCH_OUTAGE ?? 6);
const PATHS = ['/user/tutor/list/onboarded', '/plan/list', '/topic/list', '/health'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return child;
}

async function waitForRedis(port) {
  for (let i = 0; i < 100; i += 1) {
    const ok = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ok.stdout?.trim() === 'PONG') return;
    await sleep(50);
  }
  throw new Error(`redis-server did not start on ${port}`);
}

function kill(child, signal = 'SIGKILL') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill(signal);
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

if (!existsSync(serverPath)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@talaqa/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
}

const database = `talaqa_bench_outage_${process.pid}`;
await adminQuery(`CREATE DATABASE ${database}`);
const databaseUrl = new URL(databaseServer);
databaseUrl.pathname = `/${database}`;
const redisPort = await freePort();
const apiPort = await freePort();
let redis = startRedis(redisPort);
await waitForRedis(redisPort);
const server = spawn(process.execPath, [serverPath], {
  cwd: root,
  env: {
    ...process.env,
    APP_ENV: 'local',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_KEY_PREFIX: 'talaqa-bench-outage:',
    SIMULATORS: 'false',
    SERVE_APPS: 'false',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let start = Date.now();
/** Per second since the load started: 2xx answers, other answers, errors, slowest answer. */
const seconds = [];
const bucket = () => {
  const index = Math.floor((Date.now() - start) / 1000);
  seconds[index] ??= { ok: 0, other: 0, errors: 0, slowest: 0, byPath: {} };
  return seconds[index];
};

try {
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/health`, server);
  start = Date.now();
  const total = (phaseSeconds * 2 + outageSeconds) * 1000;
  const runs = PATHS.map((path) => {
    const instance = autocannon({
      url: `http://127.0.0.1:${apiPort}/api/v1${path}`,
      connections,
      duration: total / 1000,
      timeout: 10,
      headers: { 'accept-encoding': 'gzip' },
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      const b = bucket();
      if (status >= 200 && status < 300) {
        b.ok += 1;
        b.byPath[path] = (b.byPath[path] ?? 0) + 1;
      } else b.other += 1;
      b.slowest = Math.max(b.slowest, Math.round(ms));
    });
    instance.on('reqError', () => {
      bucket().errors += 1;
    });
    return instance;
  });

  await sleep(phaseSeconds * 1000);
  const killedAt = (Date.now() - start) / 1000;
  await kill(redis);
  await sleep(outageSeconds * 1000);
  const restartedAt = (Date.now() - start) / 1000;
  redis = startRedis(redisPort);
  await waitForRedis(redisPort);
  await Promise.all(runs);

  // A second is counted in a phase only when it lies wholly inside it (not the last, partial one).
  const phaseOf = (second) =>
    second + 1 > total / 1000
      ? 'edge'
      : second + 1 <= killedAt
        ? 'before'
        : second >= Math.ceil(killedAt) && second + 1 <= restartedAt
          ? 'during'
          : second >= Math.ceil(restartedAt)
            ? 'after'
            : 'edge';
  const phases = ['before', 'during', 'after'].map((phase) => {
    const rows = seconds.map((b, s) => ({ ...b, s })).filter((b) => b && phaseOf(b.s) === phase);
    const n = rows.length || 1;
    const sum = (key) => rows.reduce((acc, row) => acc + row[key], 0);
    const perPath = Object.fromEntries(
      PATHS.map((path) => [path, rows.reduce((acc, row) => acc + (row.byPath[path] ?? 0), 0) / n]),
    );
    return {
      phase,
      secondsCounted: rows.length,
      okPerSecond: Math.round(sum('ok') / n),
      perPath,
      otherPerSecond: Math.round(sum('other') / n),
      errors: sum('errors'),
      slowestMs: Math.max(0, ...rows.map((row) => row.slowest)),
    };
  });

  const machine = `${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const fmt = (value) => String(Math.round(value));
  const lines = [
    `### ${when} UTC: Redis outage under load (issue 15, item 17)${process.env.BENCH_LABEL ? `: ${process.env.BENCH_LABEL}` : ''}`,
    '',
    `Machine: ${machine}; database PostgreSQL + its own redis-server; ${connections} connections on each of ${PATHS.length} paths; Redis killed (SIGKILL) at ${killedAt.toFixed(1)} s, started again at ${restartedAt.toFixed(1)} s; load generator and server on the same machine.`,
    '',
    '| phase | seconds | 2xx/s | tutor list 2xx/s | plans 2xx/s | topics 2xx/s | health 2xx/s | non-2xx/s | errors | slowest ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...phases
      .map((p) =>
        [
          p.phase,
          p.secondsCounted,
          p.okPerSecond,
          ...PATHS.map((path) => fmt(p.perPath[path])),
          p.otherPerSecond,
          p.errors,
          p.slowestMs,
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
    '',
  ];
  const table = lines.join('\n');
  console.log(table);
  console.log(
    'Per second (2xx, non-2xx, slowest ms):',
    seconds.map((b, s) => `${s}:${b?.ok ?? 0}/${b?.other ?? 0}/${b?.slowest ?? 0}`).join(' '),
  );
  if (!process.env.BENCH_NO_RECORD) appendFileSync(join(here, 'RESULTS.md'), `\n${table}`);
} finally {
  await kill(server, 'SIGTERM');
  await kill(redis);
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
