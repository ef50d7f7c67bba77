import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import { anyone } from '../../src/http/access';
import { limitPerAccount, limitPerAddress } from '../../src/http/limits';
import { signedInUser } from './api';
import { closedPort, startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Issue 15 item 17: a Redis outage under steady load. The test runs its own redis-server on a
 * free port (the shared one on 6379 is never stopped), kills it for six seconds while requests
 * keep coming, starts it again on the same port and checks the app recovered by itself.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const OUTAGE_MS = 6000;
const SLOWEST_MS = 1000;
const LOAD = ['/user/tutor/list/onboarded', '/plan/list', '/topic/list', '/health'] as const;
type LoadPath = (typeof LOAD)[number];

interface Sample {
  path: LoadPath;
  status: number;
  at: number;
  ms: number;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    for (let tries = 0; tries < 100; tries += 1) {
      try {
        await probe.connect();
        await probe.ping();
        return child;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${port}`);
  } finally {
    probe.disconnect();
  }
}

async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The test's own look into Redis (never used by the app). */
function redisProbe(port: number): Redis {
  const client = new Redis(port, '127.0.0.1', {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  return client;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasRedisServer)('a Redis outage under steady load', () => {
  let port: number;
  let redisProcess: ChildProcess;
  let server: TestServer;
  let probe: Redis;
  let prefix: string;

  beforeAll(async () => {
    port = await closedPort();
    redisProcess = await startRedis(port);
    server = await startTestServer(
      { redisUrl: `redis://127.0.0.1:${port}` },
      {
        // Two limited routes as the real ones are built (limits.ts), with limits small enough to
        // reach: one per address (@fastify/rate-limit's store), one per account (attempts).
        beforeReady: (app) => {
          app.get(
            '/test/limited/address',
            {
              config: { access: anyone },
              onRequest: limitPerAddress(app, 'test-address', { max: 3, minutes: 1 }),
            },
            async () => ({ ok: true }),
          );
          app.post(
            '/test/limited/account',
            {
              config: { access: anyone },
              preHandler: limitPerAccount(app, 'test-account', { max: 3, minutes: 1 }),
            },
            async () => ({ ok: true }),
          );
        },
      },
    );
    prefix = server.config.redisKeyPrefix;
    probe = redisProbe(port);
  }, 30_000);

  afterAll(async () => {
    probe?.disconnect();
    await server?.close();
    if (redisProcess) await killRedis(redisProcess);
  });

  /** Four attempts in one window of a limit of three (every request comes from 127.0.0.1). */
  const hitLimited = async (kind: 'address' | 'account', email = ''): Promise<number[]> => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.baseUrl}/test/limited/${kind}`, {
        method: kind === 'address' ? 'GET' : 'POST',
        ...(kind === 'account'
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }
          : {}),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  };

  /** Four clients asking for the list, plans, topics and health in turn, until stopped. */
  const steadyLoad = () => {
    const samples: Sample[] = [];
    const started = Date.now();
    let running = true;
    const worker = async (offset: number): Promise<void> => {
      for (let i = offset; running; i += 1) {
        const path = LOAD[i % LOAD.length] as LoadPath;
        const at = Date.now() - started;
        const response = await fetch(`${server.baseUrl}/api/v1${path}`);
        await response.arrayBuffer();
        samples.push({ path, status: response.status, at, ms: Date.now() - started - at });
      }
    };
    const load = Promise.all([0, 1, 2, 3].map((offset) => worker(offset)));
    return {
      samples,
      started,
      stop: async () => {
        running = false;
        await load;
      },
    };
  };

  const keysOf = async (pattern: string): Promise<string[]> => probe.keys(`${prefix}${pattern}`);
  const keyspaceHits = async (): Promise<number> =>
    Number(/keyspace_hits:(\d+)/.exec(await probe.info('stats'))?.[1] ?? 0);

  it('keeps answering, fails fast, reports it and recovers without a restart', async () => {
    const socket = connect(server.baseUrl, {
      transports: ['websocket'],
      auth: { token: (await signedInUser(server, Role.Student)).token },
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const cacheEvents: unknown[] = [];
    socket.on(ServerEvent.TutorsCacheUpdated, (event: unknown) => cacheEvents.push(event));
    const tutor = await signedInUser(server, Role.Tutor);

    // Before: the cache and the limits live in Redis.
    const list = `${server.baseUrl}/api/v1/user/tutor/list/onboarded`;
    await (await fetch(list)).arrayBuffer();
    const hitsBefore = await keyspaceHits();
    await (await fetch(list)).arrayBuffer();
    expect(await keyspaceHits()).toBeGreaterThan(hitsBefore);
    expect(await keysOf('tutors:*')).not.toEqual([]);

    const { samples, started, stop } = steadyLoad();

    await sleep(1000);
    const killedAt = Date.now() - started;
    await killRedis(redisProcess);
    await sleep(300);

    // During: limits count in this process (the 4th attempt in a window is refused, never a
    // 500), a change to a tutor is still announced to this instance's sockets.
    expect(await hitLimited('address')).toEqual([200, 200, 200, 429]);
    expect(await hitLimited('account', 'down@example.com')).toEqual([200, 200, 200, 429]);
    await server.app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutor.id] });
    await sleep(OUTAGE_MS - 300);

    const restartedAt = Date.now() - started;
    redisProcess = await startRedis(port);
    probe.disconnect();
    probe = redisProbe(port);
    await new Promise((resolve) => probe.once('ready', resolve));

    // After: health is back by itself within a couple of seconds (reconnection at most 1 s apart).
    let healthyAt: number | undefined;
    while (healthyAt === undefined && Date.now() - started < restartedAt + 5000) {
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      if (response.status === 200) healthyAt = Date.now() - started;
      else await sleep(100);
    }
    await sleep(1000);
    await stop();

    expect(healthyAt, 'health answered 200 again').toBeDefined();
    expect((healthyAt as number) - restartedAt).toBeLessThan(3000);

    // Nothing hung: every request answered within a second.
    const slowest = Math.max(...samples.map((s) => s.ms));
    expect(slowest).toBeLessThan(SLOWEST_MS);

    // Pages were served throughout; only health told of the outage.
    const down = samples.filter((s) => s.at > killedAt + 200 && s.at + s.ms < restartedAt);
    for (const path of LOAD.filter((p) => p !== '/health')) {
      const answers = down.filter((s) => s.path === path);
      expect(answers.length, `${path} answered during the outage`).toBeGreaterThan(5);
      expect(
        answers.every((s) => s.status === 200),
        `${path} all 200 while Redis was down`,
      ).toBe(true);
    }
    const healthDown = down.filter((s) => s.path === '/health');
    expect(healthDown.length).toBeGreaterThan(0);
    expect(healthDown.every((s) => s.status === 503)).toBe(true);
    const after = samples.filter((s) => s.at > (healthyAt as number));
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.status === 200)).toBe(true);
    expect(samples.filter((s) => s.status >= 500 && s.path !== '/health')).toEqual([]);

    // The change made during the outage reached the socket; its cache clear was not lost.
    expect(cacheEvents).toHaveLength(1);
    expect(Number(await probe.get(`${prefix}tutors:generation`))).toBeGreaterThanOrEqual(1);

    // The cache is used again: a page is stored and then read from Redis.
    await (await fetch(list)).arrayBuffer();
    const hitsAfter = await keyspaceHits();
    await (await fetch(list)).arrayBuffer();
    expect(await keyspaceHits()).toBeGreaterThan(hitsAfter);
    expect(await keysOf('tutors:*:*')).not.toEqual([]);

    // Limits are counted in Redis again.
    expect(await hitLimited('address')).toEqual([200, 200, 200, 429]);
    expect(await keysOf('rate-limit:*test-address*')).not.toEqual([]);
    expect(await hitLimited('account', 'up@example.com')).toEqual([200, 200, 200, 429]);
    expect(await keysOf('attempts:test-account:email:up@example.com')).not.toEqual([]);

    socket.disconnect();
  }, 60_000);

  it('skips a Redis that hangs (SIGSTOP) after one timeout and uses it again when it answers', async () => {
    const { samples, started, stop } = steadyLoad();
    await sleep(500);
    const stoppedAt = Date.now() - started;
    redisProcess.kill('SIGSTOP');
    await sleep(3000);
    const resumedAt = Date.now() - started;
    redisProcess.kill('SIGCONT');
    await sleep(2000);
    await stop();

    // A command waits at most 500 ms; the cache then stays skipped for a second at a time.
    expect(Math.max(...samples.map((s) => s.ms))).toBeLessThan(SLOWEST_MS);
    const hung = samples.filter((s) => s.at > stoppedAt + 200 && s.at + s.ms < resumedAt);
    for (const path of LOAD.filter((p) => p !== '/health')) {
      const answers = hung.filter((s) => s.path === path);
      expect(answers.length, `${path} answered while Redis hung`).toBeGreaterThan(3);
      expect(answers.every((s) => s.status === 200)).toBe(true);
    }
    expect(hung.filter((s) => s.path === '/health').every((s) => s.status === 503)).toBe(true);
    const after = samples.filter((s) => s.at > resumedAt + 1000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.status === 200)).toBe(true);
    const hitsBefore = await keyspaceHits();
    await (await fetch(`${server.baseUrl}/api/v1/user/tutor/list/onboarded`)).arrayBuffer();
    await (await fetch(`${server.baseUrl}/api/v1/user/tutor/list/onboarded`)).arrayBuffer();
    expect(await keyspaceHits()).toBeGreaterThan(hitsBefore);
  }, 30_000);
});
