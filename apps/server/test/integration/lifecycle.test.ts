import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import { signedInUser } from './api';
import { closedPort, startTestServer, testDriver, testRedisUrl } from './helpers';

describe('health with its dependencies', () => {
  it.skipIf(!testRedisUrl)('reports Redis up when it is configured', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ok',
        database: { status: 'up', driver: testDriver },
        redis: { status: 'up' },
      });
    } finally {
      await server.close();
    }
  });

  it('answers 503 degraded when Redis cannot be reached', async () => {
    const server = await startTestServer({ redisUrl: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'degraded',
        database: { status: 'up', driver: testDriver },
        redis: { status: 'down' },
      });
    } finally {
      await server.close();
    }
  });

  it('answers 503 degraded when the database connection is gone', async () => {
    const server = await startTestServer();
    try {
      await server.app.database.close();
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'down', driver: testDriver },
      });
    } finally {
      await server.close();
    }
  });
});

describe('closing the app', () => {
  it('closes HTTP, sockets, database and Redis', async () => {
    const server = await startTestServer();
    const socket = connect(server.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      // A real account: the handshake refuses a token of one that does not exist.
      auth: { token: (await signedInUser(server, Role.Student)).token },
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    await expect(server.close()).resolves.toBeUndefined();

    await disconnected;
    expect(server.app.server.listening).toBe(false);
    await expect(server.app.database.ping()).rejects.toThrow();
    for (const client of [server.app.redis?.pub, server.app.redis?.sub]) {
      if (client) expect(client.status).toBe('end');
    }
    await expect(fetch(`${server.baseUrl}/api/v1/health`)).rejects.toThrow();
  });
});
