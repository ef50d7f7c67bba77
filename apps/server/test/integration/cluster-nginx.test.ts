import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import type { RoomMessageEvent, UserStatusChangedEvent } from '@talaqa/domain';
import { REPO_ROOT } from '../../src/paths';
import { ack, chatUserOf, clientId, nextEvent, openRoom } from './chat-fixtures';
import type { Caller } from './api';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

const METRICS_TOKEN = 'cluster-metrics-token-0123456789abcdefghij';

const nginxFound = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
const skipReason =
  testDriver !== 'postgres' || !testRedisUrl
    ? 'needs PostgreSQL and Redis (TEST_DB=postgres and REDIS_URL)'
    : !nginxFound
      ? 'nginx is not installed (apt-get install -y nginx-light; .ci/run installs it)'
      : undefined;
if (skipReason) console.warn(`cluster-nginx.test.ts skipped: ${skipReason}`);

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** deploy/nginx/talaqa.conf with these addresses, in a minimal nginx.conf of a fresh folder. */
function writeNginxConfig(dir: string, listen: string, upstreams: [string, string]): string {
  const site = readFileSync(join(REPO_ROOT, 'deploy/nginx/talaqa.conf'), 'utf8')
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{API_A}}', upstreams[0])
    .replaceAll('{{API_B}}', upstreams[1]);
  writeFileSync(join(dir, 'talaqa.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${join(dir, name)};`)
    .join('\n');
  const file = join(dir, 'nginx.conf');
  writeFileSync(
    file,
    `daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log stderr error;\n` +
      `events { worker_connections 1024; }\nhttp {\naccess_log off;\n${temp}\n` +
      `include ${join(dir, 'talaqa.conf')};\n}\n`,
  );
  return file;
}

/**
 * The cluster's nginx configuration (deploy/nginx/talaqa.conf) in front of two instances (issue
 * 18 item 5): a socket.io session that starts with long-polling and upgrades to a WebSocket
 * stays on the instance that opened it, and messages cross to a client of the other instance.
 */
describe.skipIf(skipReason !== undefined)('the cluster behind nginx', () => {
  let one: TestServer;
  let two: TestServer;
  let nginx: ChildProcess;
  let dir: string;
  let balancer: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    one = await startTestServer({
      socketRoute: 'a',
      trustProxy: ['127.0.0.1'],
      metricsToken: METRICS_TOKEN,
    });
    two = await startTestServer({
      databaseUrl: one.config.databaseUrl,
      redisKeyPrefix: one.config.redisKeyPrefix,
      socketRoute: 'b',
      trustProxy: ['127.0.0.1'],
    });
    dir = mkdtempSync(join(tmpdir(), 'talaqa-nginx-test-'));
    // Workers run as nobody when the test runs as root.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const hostOf = (server: TestServer) => new URL(server.baseUrl).host;
    const conf = writeNginxConfig(dir, `127.0.0.1:${String(port)}`, [hostOf(one), hostOf(two)]);
    nginx = spawn('nginx', ['-e', 'stderr', '-p', dir, '-c', conf], { stdio: 'inherit' });
    balancer = `http://127.0.0.1:${String(port)}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await fetch(`${balancer}/api/v1/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    if (nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await stopped;
    }
    rmSync(dir, { recursive: true, force: true });
    await two.close();
    await one.close();
  });

  /** A socket through nginx as browsers open it: long-polling first, then the upgrade. */
  async function throughNginx(caller: Caller): Promise<Socket> {
    const socket = connect(balancer, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: caller.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const upgraded = (socket: Socket): Promise<void> =>
    socket.io.engine.transport.name === 'websocket'
      ? Promise.resolve()
      : new Promise((resolve) => socket.io.engine.once('upgrade', () => resolve()));

  /** engine.io's table of open sessions by id (protected in its types, public at run time). */
  type EngineSessions = Record<string, { transport: { name: string } } | undefined>;
  const connectionOf = (server: TestServer, sid: string) =>
    (server.app.io.engine as unknown as { clients: EngineSessions }).clients[sid];

  /** The instance holding the engine session `sid`, and only that one. */
  function ownerOf(sid: string): TestServer {
    const holders = [one, two].filter((server) => connectionOf(server, sid) !== undefined);
    expect(holders).toHaveLength(1);
    return holders[0] as TestServer;
  }

  it('keeps the metrics off the public side: nginx answers 404, the instance serves them', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    const outside = await fetch(`${balancer}/metrics`, { headers: { authorization } });
    expect(outside.status).toBe(404);
    expect(await outside.text()).not.toContain('http_requests_total');
    const inside = await fetch(`${one.baseUrl}/metrics`, { headers: { authorization } });
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('http_requests_total');
  });

  it('keeps a session on its instance through long-polling and the WebSocket upgrade', async () => {
    const student = await chatUserOf(one, Role.Student);
    const seen = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const socket = await throughNginx(student);
      const sid = socket.io.engine.id;
      expect(sid).toMatch(/^[ab]\./);
      await upgraded(socket);
      expect(socket.io.engine.transport.name).toBe('websocket');
      const owner = ownerOf(sid);
      expect(owner.config.socketRoute).toBe(sid.slice(0, 1));
      // The server switches once the client's upgrade packet arrives, just after the client does.
      await expect
        .poll(() => connectionOf(owner, sid)?.transport.name, { timeout: 2000 })
        .toBe('websocket');
      seen.add(sid.slice(0, 1));
    }
    // The handshakes themselves are balanced: two sessions, one on each instance.
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('delivers a message from a client of one instance to a client of the other', async () => {
    const student = await chatUserOf(one, Role.Student);
    const tutor = await chatUserOf(one, Role.Tutor);
    const { room } = await openRoom(one, student, tutor, 'first');
    const tutorSocket = await throughNginx(tutor);
    await upgraded(tutorSocket);
    const tutorRoute = tutorSocket.io.engine.id.slice(0, 1);
    // New sessions until the student's lands on the other instance (handshakes are balanced).
    let studentSocket: Socket | undefined;
    for (let i = 0; i < 6 && !studentSocket; i += 1) {
      const online = nextEvent<UserStatusChangedEvent>(
        tutorSocket,
        ServerEvent.UserStatusChanged,
        (e) => e.userId === student.id && e.online,
        10_000,
      );
      const candidate = await throughNginx(student);
      if (candidate.io.engine.id.slice(0, 1) === tutorRoute) {
        candidate.disconnect();
        await online.catch(() => undefined);
        continue;
      }
      await online;
      studentSocket = candidate;
    }
    if (!studentSocket) throw new Error('no session on the other instance');
    await upgraded(studentSocket);
    expect(ownerOf(studentSocket.io.engine.id)).not.toBe(ownerOf(tutorSocket.io.engine.id));

    const heard = nextEvent<RoomMessageEvent>(tutorSocket, ServerEvent.RoomMessage);
    const sent = await ack(studentSocket, 'SendMessage', {
      roomId: room.id,
      clientId: clientId(),
      text: 'through nginx',
    });
    expect(sent).toMatchObject({ result: 'ok', message: { text: 'through nginx' } });
    expect((await heard).message).toEqual(sent.message);
  });
});
