// What the realtime benches (chat.mjs, session-signaling.mjs) share: a throwaway database, two
// product instances on it (students on one, tutors on the other), socket swarms, and the
// process measurements (RSS, CPU time) that go into bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect } from 'socket.io-client';

export const benchRoot = dirname(dirname(fileURLToPath(import.meta.url)));
export const repoRoot = join(benchRoot, '..');
/** The product instances sign their tokens with it; `accessToken` in tutors-data.mjs uses it. */
export const JWT_SECRET = 'talaqa-bench-secret-only-for-measuring-0123456789';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const children = [];

/** A node process of the bench's, killed by `stopAll`; its stderr goes to ours. */
export function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

export function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

/** Stops the given processes and waits until they are gone. */
export async function stopProcesses(processes) {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(
    processes.map((child) => new Promise((resolve) => child.once('exit', resolve))),
  );
}

export async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what} not ready within ${timeoutMs} ms`);
}

export const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** CPU time (user + system) a process has used so far, in ms. */
export const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
};

export const quantile = (sorted, q) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** "2 x <CPU>, N GiB, Node vX" for the results' machine line. */
export function machine() {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${cpus().length} x ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The UTC minute the results are written, as "YYYY-MM-DD HH:MM". */
export const nowMinute = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/** A database of its own on the server at `serverUrl`; `drop` removes it whatever it holds. */
export async function benchDatabase(serverUrl, name) {
  const dbName = `talaqa_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    },
  };
}

const SIMULATOR_PORT_KEYS = [
  'SMTP_SIMULATOR_PORT',
  'WHATSAPP_SIMULATOR_PORT',
  'TELEGRAM_SIMULATOR_PORT',
  'OUTBOX_PORT',
  'GOOGLE_SIMULATOR_PORT',
  'FAWRY_SIMULATOR_PORT',
  'PAYMOB_SIMULATOR_PORT',
];

/**
 * The built server (`apps/server/dist/main.js`) on each of `ports`, one after the other (the first
 * migrates), each with its own simulator ports from `simulatorBase` and its socket route ('a',
 * 'b'), sharing the database and Redis. Resolves when every instance answers its health check.
 */
export async function startProductInstances({
  name,
  databaseUrl,
  redisUrl,
  ports,
  simulatorBase,
  nodeFlags = [],
}) {
  const env = {
    APP_ENV: 'local',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `talaqa-bench-${name}-${Date.now()}:`,
    LOG_LEVEL: 'warn',
    SERVE_APPS: 'false',
    JWT_SECRET,
    RATE_LIMIT_TRUSTED_ADDRESSES: '127.0.0.1',
  };
  const servers = [];
  for (const [i, port] of ports.entries()) {
    const simulators = Object.fromEntries(
      SIMULATOR_PORT_KEYS.map((key, k) => [key, String(simulatorBase + i * 10 + k)]),
    );
    servers.push(
      startProcess([...nodeFlags, join(repoRoot, 'apps/server/dist/main.js')], {
        ...env,
        ...simulators,
        PORT: String(port),
        SOCKET_ROUTE: i === 0 ? 'a' : 'b',
      }),
    );
    await waitFor(
      () => fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok),
      `instance ${i + 1}`,
    );
  }
  return servers;
}

/** Connects every target ({ url, auth }), `batch` at a time, in the targets' order. */
export async function connectAll(targets, batch = 200) {
  const open = [];
  for (let i = 0; i < targets.length; i += batch) {
    const slice = targets.slice(i, i + batch);
    open.push(
      ...(await Promise.all(
        slice.map(
          ({ url, auth }) =>
            new Promise((resolve, reject) => {
              const socket = connect(url, {
                transports: ['websocket'],
                reconnection: false,
                forceNew: true,
                auth,
              });
              socket.once('connect', () => resolve(socket));
              socket.once('connect_error', reject);
            }),
        ),
      )),
    );
  }
  return open;
}

/** Bytes of resident memory the servers grew by, per open socket. */
export const perSocketBytes = (before, after, sockets) =>
  (after.reduce((x, y) => x + y, 0) - before.reduce((x, y) => x + y, 0)) / sockets;
