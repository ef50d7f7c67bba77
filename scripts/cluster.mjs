// `npm run start:cluster`: the API on two instances behind nginx, as in production (README,
// "Several instances"): PostgreSQL and Redis shared, socket.io sessions pinned to their instance
// by nginx (deploy/nginx/talaqa.conf), the apps served by the first instance and calling the API
// through nginx. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildWhatIsNeeded, root } from './lib.mjs';

const env = process.env;
const balancerPort = Number(env.CLUSTER_PORT ?? 4000);
const instances = [
  { route: 'a', port: Number(env.INSTANCE_A_PORT ?? 4011), serveApps: true, simulatorShift: 0 },
  // Its own simulators, beside the first instance's (the outbox viewer shows each one's messages).
  { route: 'b', port: Number(env.INSTANCE_B_PORT ?? 4012), serveApps: false, simulatorShift: 2 },
];
const SIMULATOR_PORTS = {
  SMTP_SIMULATOR_PORT: 4525,
  WHATSAPP_SIMULATOR_PORT: 4510,
  TELEGRAM_SIMULATOR_PORT: 4520,
  OUTBOX_PORT: 4530,
  GOOGLE_SIMULATOR_PORT: 4540,
  FAWRY_SIMULATOR_PORT: 4550,
  PAYMOB_SIMULATOR_PORT: 4560,
};
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/talaqa_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const publicApiUrl = env.PUBLIC_API_URL ?? `http://localhost:${balancerPort}`;

function hasNginx() {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** Debian's nginx, installed when missing and allowed (root); otherwise how to get it. */
function ensureNginx() {
  if (hasNginx()) return;
  if (process.getuid?.() !== 0) {
    console.error(
      'nginx is not installed. Install it (Debian: sudo apt-get install -y nginx-light)',
    );
    console.error('and run "npm run start:cluster" again.');
    process.exit(1);
  }
  console.log('Installing nginx (apt-get install -y nginx-light) ...');
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!apt(['install', '-y', '-qq', 'nginx-light'])) {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', 'nginx-light']);
  }
  if (!hasNginx()) {
    console.error('Could not install nginx; install it by hand (apt-get install -y nginx-light).');
    process.exit(1);
  }
}

/** The database of DATABASE_URL, created on its server when it does not exist yet. */
async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`Created database ${name}.`);
    }
  } catch (error) {
    console.error(`PostgreSQL at ${url.host} is not reachable (${error.message}).`);
    console.error('Start it, or set DATABASE_URL to a postgres:// URL.');
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The repository's site file with this machine's addresses, inside a minimal nginx.conf. */
export function nginxConfig(dir, { listen, upstreams }) {
  let site = readFileSync(join(root, 'deploy/nginx/talaqa.conf'), 'utf8');
  site = site
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{API_A}}', upstreams[0])
    .replaceAll('{{API_B}}', upstreams[1]);
  writeFileSync(join(dir, 'talaqa.conf'), site);
  const main = `# Written by scripts/cluster.mjs; the site itself is deploy/nginx/talaqa.conf.
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 16384; }
http {
    access_log off;
    client_body_temp_path ${join(dir, 'body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    include ${join(dir, 'talaqa.conf')};
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

const children = [];

/** A child process whose output lines are prefixed with its name. */
function startChild(name, command, args, childEnv = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
  child.name = name;
  children.push(child);
  return child;
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const ok = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => child.exited));
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

ensureNginx();
await buildWhatIsNeeded();
await ensureDatabase();

const workDir = mkdtempSync(join(tmpdir(), 'talaqa-nginx-'));
// nginx's workers run as nobody when started by root; they must reach the temp folders.
chmodSync(workDir, 0o755);
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

const mainJs = join(root, 'apps/server/dist/main.js');
// One after the other: the first migrates the database and seeds the demo data, so the second
// finds both done.
for (const instance of instances) {
  const simulators = Object.fromEntries(
    Object.entries(SIMULATOR_PORTS).map(([key, port]) => [
      key,
      String(Number(env[key] ?? port) + instance.simulatorShift),
    ]),
  );
  const child = startChild(instance.route, process.execPath, [mainJs], {
    APP_ENV: env.APP_ENV ?? 'local',
    PORT: String(instance.port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SOCKET_ROUTE: instance.route,
    // nginx is the only peer; it names the client in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    SERVE_APPS: String(instance.serveApps),
    APPS_DIST_DIR: root,
    PUBLIC_API_URL: publicApiUrl,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...simulators,
  });
  const healthy = await waitForHealth(`http://127.0.0.1:${instance.port}/api/v1/health`, child);
  if (!healthy) {
    console.error(`Instance ${instance.route} did not become healthy; see its output above.`);
    await stopAll(1);
  }
}

const nginxConf = nginxConfig(workDir, {
  listen: `${balancerPort}`,
  upstreams: instances.map(({ port }) => `127.0.0.1:${port}`),
});
const nginx = startChild('nginx', 'nginx', ['-e', 'stderr', '-p', workDir, '-c', nginxConf]);
if (!(await waitForHealth(`http://127.0.0.1:${balancerPort}/api/v1/health`, nginx))) {
  console.error('nginx did not start; see its output above.');
  await stopAll(1);
}
for (const child of children) {
  void child.exited.then((code) => {
    if (stopping) return;
    console.error(`${child.name} stopped (exit ${code}); stopping the cluster.`);
    void stopAll(1);
  });
}

const outboxPort = Number(env.OUTBOX_PORT ?? SIMULATOR_PORTS.OUTBOX_PORT);
const lines = [
  `Talaqa cluster is up: ${instances.length} API instances behind nginx, PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}`,
  `  API      ${publicApiUrl}/api/v1   (nginx, deploy/nginx/talaqa.conf)`,
  ...instances.map(
    ({ route, port }) =>
      `  ${`inst. ${route}`.padEnd(8)} http://127.0.0.1:${port}/api/v1/health   (SOCKET_ROUTE=${route})`,
  ),
  `  Web      http://localhost:${env.WEB_PORT ?? 4100}   Admin http://localhost:${env.ADMIN_PORT ?? 4200}   Landing http://localhost:${env.LANDING_PORT ?? 4300}`,
  `  Outbox   http://localhost:${outboxPort} (instance a), http://localhost:${outboxPort + 2} (instance b)`,
  'Open the web app in two browsers (or a private window): each socket.io session stays on the',
  'instance that opened it (its id starts with "a." or "b."), and messages cross through Redis.',
  'Demo logins: as printed by instance a above. Ctrl-C stops everything.',
];
console.log(lines.join('\n'));
