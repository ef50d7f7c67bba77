import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientEvent, Role, ServerEvent, serverStatsEventSchema } from '@talaqa/domain';
import type { ServerStatsSample } from '@talaqa/domain';
import { callApi } from './api';
import { ack, chatSocket, collect, nextEvent } from './chat-fixtures';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

const INTERVAL_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const watch = (socket: Socket, on = true) =>
  ack(socket, ClientEvent.WatchServerStats, { watch: on });

/** Issue 23 item 4 (decision 342): the ServerStats channel. */
describe('ServerStats on one instance', () => {
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ serverStatsIntervalMs: INTERVAL_MS });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => server.close());

  it('sends an admin who watches a sample at once, then one every interval', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tab = await chatSocket(server, admin, sockets);
    const first = nextEvent<ServerStatsSample>(tab, ServerEvent.ServerStats);
    expect(await watch(tab)).toEqual({ result: 'ok' });
    const sample = serverStatsEventSchema.parse(await first);
    expect(sample.instance.pid).toBe(process.pid);
    expect(sample.sockets).toBeGreaterThanOrEqual(1);
    expect(sample.database.up).toBe(true);
    expect(sample.memory.rssBytes).toBeGreaterThan(0);
    expect(sample.jobs).not.toBeNull();
    const later = collect<ServerStatsSample>(tab, ServerEvent.ServerStats);
    await pause(INTERVAL_MS * 4);
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(new Set(later.map((each) => each.instance.id))).toEqual(new Set([sample.instance.id]));
  });

  it('counts the requests answered since the previous sample', async () => {
    const admin = await insertUser(server, Role.SuperAdmin);
    const tab = await chatSocket(server, admin, sockets);
    await watch(tab);
    await nextEvent(tab, ServerEvent.ServerStats);
    await Promise.all(Array.from({ length: 30 }, () => callApi(server, 'GET', '/health/live')));
    const busy = await nextEvent<ServerStatsSample>(tab, ServerEvent.ServerStats);
    expect(busy.requestsPerSecond).toBeGreaterThan(0);
  });

  it('refuses anyone but an admin, and sends them nothing', async () => {
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
      const user = await insertUser(server, role);
      const tab = await chatSocket(server, user, sockets);
      const heard = collect<ServerStatsSample>(tab, ServerEvent.ServerStats);
      expect(await watch(tab)).toEqual({ result: 'unallowed' });
      await pause(INTERVAL_MS * 2);
      expect(heard).toEqual([]);
    }
  });

  it('refuses a malformed watch', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tab = await chatSocket(server, admin, sockets);
    expect(await ack(tab, ClientEvent.WatchServerStats, { watch: 'yes' })).toEqual({
      result: 'unallowed',
    });
  });

  it('stops sending to an admin who stops watching', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tab = await chatSocket(server, admin, sockets);
    await watch(tab);
    await nextEvent(tab, ServerEvent.ServerStats);
    expect(await watch(tab, false)).toEqual({ result: 'ok' });
    const heard = collect<ServerStatsSample>(tab, ServerEvent.ServerStats);
    await pause(INTERVAL_MS * 3);
    expect(heard).toEqual([]);
  });
});

describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('ServerStats on two instances', () => {
  let one: TestServer;
  let two: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    one = await startTestServer({ serverStatsIntervalMs: INTERVAL_MS });
    two = await startTestServer({
      databaseUrl: one.config.databaseUrl,
      redisKeyPrefix: one.config.redisKeyPrefix,
      serverStatsIntervalMs: INTERVAL_MS,
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('shows an admin connected to one instance the samples of both', async () => {
    const admin = await insertUser(one, Role.RegularAdmin);
    const tab = await chatSocket(two, admin, sockets);
    const heard = collect<ServerStatsSample>(tab, ServerEvent.ServerStats);
    expect(await watch(tab)).toEqual({ result: 'ok' });
    await pause(INTERVAL_MS * 6);
    const instances = new Set(heard.map((sample) => sample.instance.id));
    expect(instances.size).toBe(2);
    for (const sample of heard) serverStatsEventSchema.parse(sample);
    expect(heard.every((sample) => sample.redis?.up === true)).toBe(true);
  });
});
