// `npm run bench`: starts the built server on a fresh database and a bare Fastify route, drives both
// with autocannon in the same run, prints a table and appends it to bench/RESULTS.md.
//
// Options (environment): BENCH_DURATION seconds per scenario (default 10), BENCH_CONNECTIONS
// (default 100), BENCH_ONLY=comma list of suites (health, tutors), BENCH_DATABASE_URL=a PostgreSQL
// server to create the fresh database on (default: a fresh PGlite folder), BENCH_REDIS_URL,
// BENCH_LOG_LEVEL (stdout, default warn) and BENCH_LOG_STORE_LEVEL (the log kept for the export,
// decision 350; default: the server's own default).
//
// Suites: `health` (the foundation), `tutors` (issue 6: the public tutors list with 500 and then
// 5,000 tutors, cached and read from the database, and sustained booking; `tutors-list` and
// `booking` run one half). The tutors suite
// writes its data next to the running server, so it needs PostgreSQL (BENCH_DATABASE_URL).
import autocannon from 'autocannon';
import pg from 'pg';
import { spawn, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accessToken,
  addAdmin,
  addStudents,
  addTutors,
  bookingStarts,
  cairoWeek,
  tutorIds,
  waitForNextFree,
} from './tutors-data.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const only = process.env.BENCH_ONLY?.split(',');
const wants = (suite) => !only || only.includes(suite);
const ports = { bare: 4801, api: 4800, uncached: 4802 };
const JWT_SECRET = 'talaqa-bench-secret-only-for-measuring-0123456789';
const METRICS_TOKEN = 'talaqa-bench-metrics-token-only-for-measuring';
const api = (port, path) => `http://127.0.0.1:${port}/api/v1${path}`;

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

/**
 * Drives one scenario: a URL, or `requests` (autocannon's request list, e.g. with setupRequest to
 * vary each request). `warmUp: false` for scenarios that use data up (bookings).
 */
async function measure(scenario) {
  const options = {
    url: scenario.url,
    connections,
    requests: scenario.requests,
    headers: scenario.headers,
  };
  // A short warm-up so the JIT and connection pools are settled before the figures count.
  if (scenario.warmUp !== false) await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  return {
    name: scenario.name,
    rps: result.requests.average,
    ok: result['2xx'] / duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    status5xx: result['5xx'],
  };
}

/** What a browser sends as Accept-Encoding. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** GET with a browser's Accept-Encoding, answering the bytes as sent (fetch would unzip them). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: BROWSER }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).once('error', reject);
  });
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
const serverEnv = {
  APP_ENV: 'local',
  HOST: '127.0.0.1',
  ...database.env,
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ...(process.env.BENCH_LOG_STORE_LEVEL
    ? { LOG_STORE_LEVEL: process.env.BENCH_LOG_STORE_LEVEL }
    : {}),
  METRICS_TOKEN,
  SERVE_APPS: 'false',
  JWT_SECRET,
  // The bench's load all comes from one address.
  RATE_LIMIT_TRUSTED_ADDRESSES: '127.0.0.1',
};
const bare = startProcess([join(here, 'bare-server.mjs')], { PORT: String(ports.bare) });
const server = startProcess([join(root, 'apps/server/dist/main.js')], {
  ...serverEnv,
  PORT: String(ports.api),
});
const children = [bare, server];
const tables = [];
const bareScenario = {
  name: 'bare Fastify route',
  url: `http://127.0.0.1:${ports.bare}/bare`,
};

/** Measures the bare route and then `scenarios`, as one table read against that bare figure. */
async function table(title, scenarios) {
  const rows = [];
  for (const scenario of [bareScenario, ...scenarios]) {
    process.stdout.write(`measuring ${scenario.name} ...\n`);
    rows.push(await measure(scenario));
  }
  tables.push({ title, rows });
}

async function tutorsSuite() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('tutors suite skipped: it needs PostgreSQL (BENCH_DATABASE_URL)');
    return;
  }
  // A second instance on the same database with the list cache off: every page from SQL.
  const uncached = startProcess([join(root, 'apps/server/dist/main.js')], {
    ...serverEnv,
    PORT: String(ports.uncached),
    TUTORS_CACHE_SECONDS: '0',
    // Its own simulator ports: the first instance holds the defaults.
    SMTP_SIMULATOR_PORT: '4811',
    WHATSAPP_SIMULATOR_PORT: '4812',
    TELEGRAM_SIMULATOR_PORT: '4813',
    OUTBOX_PORT: '4814',
    GOOGLE_SIMULATOR_PORT: '4815',
    FAWRY_SIMULATOR_PORT: '4816',
    PAYMOB_SIMULATOR_PORT: '4817',
  });
  children.push(uncached);
  await waitFor(api(ports.uncached, '/health'));
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  const admin = accessToken(await addAdmin(client), JWT_SECRET);
  const listScenarios = (count) => {
    // Pages, filters and sorts a visitor would ask for, in turn (each a different SQL query).
    const queries = [
      '?page=1&size=10',
      '?page=2&size=10',
      '?page=7&size=10',
      '?page=1&size=10&freeThisWeek=true',
      '?page=1&size=10&gender=female',
      '?page=3&size=10&gender=male&freeThisWeek=true',
      '?page=1&size=10&topic=1',
      '?page=1&size=10&sort=newest',
    ];
    let next = 0;
    return [
      {
        name: 'bare Fastify route serving the same gzipped page (its bytes and headers)',
        url: `http://127.0.0.1:${ports.bare}/bare-page`,
        headers: BROWSER,
      },
      {
        name: `tutor list, ${count} tutors, cached page, gzip (as browsers ask)`,
        url: api(ports.api, '/user/tutor/list/onboarded?page=1&size=10'),
        headers: BROWSER,
      },
      {
        name: `tutor list, ${count} tutors, cached page, uncompressed`,
        url: api(ports.api, '/user/tutor/list/onboarded?page=1&size=10'),
      },
      {
        name: `tutor list, ${count} tutors, from the database (8 queries in turn)`,
        url: api(ports.uncached, '/user/tutor/list/onboarded'),
        headers: BROWSER,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              next = (next + 1) % queries.length;
              return { ...request, path: `/api/v1/user/tutor/list/onboarded${queries[next]}` };
            },
          },
        ],
      },
    ];
  };
  const flush = async () => {
    const response = await fetch(api(ports.api, '/cache/flush'), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin}` },
    });
    if (response.status !== 204) throw new Error(`cache flush answered ${response.status}`);
  };

  /** The first page as the API sends it gzipped, served again by the bare route. */
  const copyPageToBare = async () => {
    const page = await rawGet(api(ports.api, '/user/tutor/list/onboarded?page=1&size=10'));
    const keep = ['content-type', 'content-encoding', 'vary'];
    const headers = Object.fromEntries(keep.map((name) => [name, page.headers[name]]));
    const response = await fetch(`http://127.0.0.1:${ports.bare}/bare-page`, {
      method: 'PUT',
      headers: { 'x-page-headers': JSON.stringify(headers) },
      body: page.body,
    });
    if (response.status !== 204) throw new Error(`bare page answered ${response.status}`);
  };

  try {
    if (wants('tutors') || wants('tutors-list')) await listTables();
    if (wants('tutors') || wants('booking')) await bookingTable();
  } finally {
    await client.end();
  }

  async function listTables() {
    // ANALYZE as autovacuum would after such a load, so the planner knows the tables' sizes.
    await addTutors(client, { from: 1, to: 500 });
    await waitForNextFree(client);
    await client.query('analyze');
    await flush();
    await copyPageToBare();
    await table(
      'Tutors list, 500 listed tutors (evening schedules, a lesson each this week)',
      listScenarios(500),
    );

    await addTutors(client, { from: 501, to: 5000 });
    await waitForNextFree(client);
    await client.query('analyze');
    await flush();
    await copyPageToBare();
    await table('Tutors list, 5,000 listed tutors (same shape)', listScenarios(5000));
  }

  async function bookingTable() {
    // Sustained booking: each request a different student, each a different tutor's half hour.
    const tutorCount = 2000;
    await addTutors(client, { from: 5001, to: 5000 + tutorCount, roundTheClock: true });
    const tutors = await tutorIds(client, 5001, 5000 + tutorCount);
    const students = await addStudents(client, 12_000);
    const starts = bookingStarts(await cairoWeek(client), Math.ceil(students.length / tutorCount));
    await waitForNextFree(client);
    await client.query('analyze');
    if (!starts) {
      console.log('booking scenario skipped: too little of the Cairo week is left to book in');
      return;
    }
    const tokens = students.map((id) => accessToken(id, JWT_SECRET));
    let booked = 0;
    await table('Booking, 7,000 tutors, every request a different student and free half hour', [
      {
        name: 'POST /api/v1/lesson (201 per second in "ok/s")',
        url: api(ports.api, '/lesson'),
        warmUp: false,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const k = booked % students.length;
              booked += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${tokens[k]}`,
                },
                body: JSON.stringify({
                  tutorId: tutors[k % tutorCount],
                  start: starts[Math.floor(k / tutorCount)].toISOString(),
                  duration: 30,
                }),
              };
            },
          },
        ],
      },
    ]);
  }
}

/** The first instance's log store totals (decision 350), from its metrics; null when it keeps none. */
async function keptLogLines() {
  const response = await fetch(`http://127.0.0.1:${ports.api}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const read = (name) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  const stored = read('talaqa_log_lines_stored_total');
  if (Number.isNaN(stored)) return null;
  return { stored, dropped: read('talaqa_log_lines_dropped_total') };
}

let logLines = null;
try {
  await waitFor(`http://127.0.0.1:${ports.bare}/bare`);
  await waitFor(api(ports.api, '/health'));
  if (wants('health')) {
    await table('Foundation', [{ name: 'GET /api/v1/health', url: api(ports.api, '/health') }]);
  }
  if (['tutors', 'tutors-list', 'booking'].some(wants)) await tutorsSuite();
  logLines = await keptLogLines();
} finally {
  await Promise.all(children.map(stop));
  await database.drop();
}

const header = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `database ${database.kind}${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}; ${connections} connections, ${duration} s per scenario after a 2 s warm-up (none for bookings); load generator and server on the same machine.`,
  '',
  `Logs: stdout at ${serverEnv.LOG_LEVEL}; kept for the export at ${process.env.BENCH_LOG_STORE_LEVEL ?? 'the default level'}` +
    (logLines
      ? ` (the cached instance stored ${logLines.stored} lines and dropped ${logLines.dropped}).`
      : ' (none kept).'),
];
const sections = tables.flatMap(({ title, rows }) => {
  const baseline = rows[0].rps;
  return [
    '',
    `${title}:`,
    '',
    '| scenario | requests/s | ratio to bare | ok/s (2xx) | p50 ms | p99 ms | errors + non-2xx | 5xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / baseline).toFixed(2)} | ${Math.round(r.ok)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.status5xx} |`,
    ),
  ];
});
const text = [...header, ...sections, ''].join('\n');
console.log(`\n${text}`);
appendFileSync(join(here, 'RESULTS.md'), `\n${text}`);
