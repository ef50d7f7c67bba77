import {
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@talaqa/domain';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createRealtime } from '../src/index';
import type { SocketIoOptions } from '../src/index';

describe('realtime: socket.io-client options', () => {
  it('passes exactly the spec numbers, credentials and the token', () => {
    expect([
      SOCKET_TIMEOUT_MS,
      SOCKET_RECONNECTION_DELAY_MS,
      SOCKET_RECONNECTION_DELAY_MAX_MS,
      SOCKET_RANDOMIZATION_FACTOR,
    ]).toEqual([20000, 1000, 5000, 0.5]);

    let captured: { url: string; options: SocketIoOptions } | undefined;
    let token: string | null = 'token-1';
    const realtime = createRealtime({
      url: 'http://127.0.0.1:1',
      getToken: () => token,
      autoConnect: false,
      io: (url, options) => {
        captured = { url, options };
        return io(url, options);
      },
    });
    const options = captured?.options;
    expect(captured?.url).toBe('http://127.0.0.1:1');
    expect(options).toMatchObject({
      path: '/socket.io',
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
      withCredentials: true,
      extraHeaders: { Authorization: 'Bearer token-1' },
    });
    // The manager really runs with these numbers.
    const manager = realtime.socket.io;
    expect(manager.reconnection()).toBe(true);
    expect(manager.reconnectionDelay()).toBe(1000);
    expect(manager.reconnectionDelayMax()).toBe(5000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.timeout()).toBe(20000);

    // auth is a function, so each (re)connection reads the current token.
    const auth = options?.auth;
    expect(typeof auth).toBe('function');
    const seen: unknown[] = [];
    if (typeof auth === 'function') {
      auth((data) => seen.push(data));
      token = 'token-2';
      auth((data) => seen.push(data));
      token = null;
      auth((data) => seen.push(data));
    }
    expect(seen).toEqual([{ token: 'token-1' }, { token: 'token-2' }, {}]);
    expect(realtime.state).toBe('closed');
    realtime.close();
  });

  it('autoConnect defaults to true and the path can be changed', () => {
    let captured: SocketIoOptions | undefined;
    const realtime = createRealtime({
      url: 'http://127.0.0.1:1',
      path: '/rt',
      getToken: () => null,
      io: (url, options) => {
        captured = options;
        return io(url, { ...options, autoConnect: false });
      },
    });
    expect(captured?.autoConnect).toBe(true);
    expect(captured?.path).toBe('/rt');
    expect(captured?.extraHeaders).toEqual({});
    expect(realtime.state).toBe('opening');
    realtime.close();
    expect(realtime.state).toBe('closed');
  });
});
