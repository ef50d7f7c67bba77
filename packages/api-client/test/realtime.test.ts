import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { Socket as ServerSocket } from 'socket.io';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  expectTypeOf,
  it,
  vi,
} from 'vitest';
import { z } from 'zod';
import { RealtimeContractViolation, RealtimeError, createRealtime } from '../src/index';
import type {
  AckOf,
  DefaultRealtimeContract,
  Realtime,
  RealtimeState,
  SocketIoFactory,
} from '../src/index';

/** A contract of this test's own: chat events the product has not built yet, and one greeting. */
const TEST_CONTRACT = {
  serverToClient: { Greeting: { payload: z.object({ id: z.number() }) } },
  clientToServer: {
    SendMessage: { payload: z.object({ text: z.string() }), acks: ['ok', 'empty-text'] },
    MarkMessageAsRead: { payload: z.object({ id: z.number() }), acks: ['ok'] },
  },
} as const;
type TestRealtime = Realtime<typeof TEST_CONTRACT>;

const VALID_TOKENS = new Set(['token-a', 'token-b']);

interface Handshake {
  token: unknown;
  authorization: string | undefined;
}

let io: Server;
let url: string;
let handshakes: Handshake[];
let serverSockets: ServerSocket[];
const realtimes: TestRealtime[] = [];

beforeAll(async () => {
  const httpServer = createServer();
  io = new Server(httpServer, { cors: { origin: true, credentials: true } });
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    const authorization = socket.handshake.headers.authorization;
    handshakes.push({ token, authorization });
    if (
      typeof token === 'string' &&
      VALID_TOKENS.has(token) &&
      authorization === `Bearer ${token}`
    ) {
      next();
    } else {
      next(new Error('unauthenticated'));
    }
  });
  io.on('connection', (socket) => {
    serverSockets.push(socket);
    socket.on('SendMessage', (payload: { text?: string }, ack: (result: string) => void) => {
      ack(payload.text ? 'ok' : 'empty-text');
    });
    socket.on('MarkMessageAsRead', () => {
      // Never acknowledged.
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

beforeEach(() => {
  handshakes = [];
  serverSockets = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  for (const realtime of realtimes.splice(0)) realtime.close();
  vi.restoreAllMocks();
});

function open(getToken: () => string | null): TestRealtime {
  const realtime = createRealtime({
    url,
    getToken,
    contract: TEST_CONTRACT,
    validatePayloads: true,
  });
  realtimes.push(realtime);
  return realtime;
}

/** Records every state and resolves once `state` is reached. */
function waitFor(realtime: TestRealtime, state: RealtimeState, timeoutMs = 8000): Promise<void> {
  if (realtime.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state ${state} not reached (now ${realtime.state})`));
    }, timeoutMs);
    const off = realtime.subscribe((next) => {
      if (next !== state) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

function track(realtime: TestRealtime): RealtimeState[] {
  const states: RealtimeState[] = [realtime.state];
  realtime.subscribe((state) => states.push(state));
  return states;
}

describe('realtime against a real socket.io server', () => {
  it('connects with a token sent in auth and as the Authorization header', async () => {
    const realtime = open(() => 'token-a');
    const states = track(realtime);
    await waitFor(realtime, 'open');
    expect(realtime.connected).toBe(true);
    expect(states).toEqual(['opening', 'open']);
    expect(handshakes).toEqual([{ token: 'token-a', authorization: 'Bearer token-a' }]);

    realtime.close();
    expect(realtime.state).toBe('closed');
    expect(realtime.connected).toBe(false);
    expect(states).toEqual(['opening', 'open', 'closing', 'closed']);
  });

  it('is refused without a token: closed, not connected, warned', async () => {
    const realtime = open(() => null);
    await waitFor(realtime, 'closed');
    expect(realtime.connected).toBe(false);
    expect(handshakes).toEqual([{ token: undefined, authorization: undefined }]);
    expect(console.warn).toHaveBeenCalledWith('[realtime] connection failed:', 'unauthenticated');
    // No retry of a refused handshake.
    await new Promise((r) => setTimeout(r, 1600));
    expect(handshakes).toHaveLength(1);
    expect(realtime.state).toBe('closed');
    await expect(realtime.emitWithAck('SendMessage', { text: 'x' })).rejects.toThrow(
      'socket disconnected',
    );
  });

  it('connect() after sign-in uses the new token', async () => {
    let token: string | null = null;
    const realtime = open(() => token);
    await waitFor(realtime, 'closed');
    token = 'token-b';
    realtime.connect();
    expect(realtime.state).toBe('opening');
    await waitFor(realtime, 'open');
    expect(handshakes.at(-1)).toEqual({ token: 'token-b', authorization: 'Bearer token-b' });
  });

  it('reconnects after the server drops the connection, with the fresh token', async () => {
    let token = 'token-a';
    const realtime = open(() => token);
    await waitFor(realtime, 'open');
    const states = track(realtime);
    token = 'token-b';
    serverSockets[0]?.conn.close(); // the connection drops (not a deliberate kick)
    await waitFor(realtime, 'opening');
    expect(realtime.connected).toBe(false);
    await waitFor(realtime, 'open');
    expect(realtime.connected).toBe(true);
    expect(states).toEqual(['open', 'opening', 'open']);
    expect(handshakes).toEqual([
      { token: 'token-a', authorization: 'Bearer token-a' },
      { token: 'token-b', authorization: 'Bearer token-b' },
    ]);
  }, 15_000);

  it('says when the server ended the channel (a session ended), until connect() or close()', async () => {
    const realtime = open(() => 'token-a');
    await waitFor(realtime, 'open');
    expect(realtime.endedByServer).toBe(false);
    serverSockets[0]?.disconnect(true); // the server ends it, as when its session ends
    await waitFor(realtime, 'closed');
    expect(realtime.endedByServer).toBe(true);
    realtime.connect();
    expect(realtime.endedByServer).toBe(false);
    await waitFor(realtime, 'open');
    realtime.close();
    expect(realtime.endedByServer).toBe(false);

    const refused = open(() => null);
    await waitFor(refused, 'closed');
    expect(refused.endedByServer).toBe(true);
    refused.close();
    expect(refused.endedByServer).toBe(false);
  });

  it('round-trips an acknowledgement, and times out when none comes', async () => {
    const realtime = open(() => 'token-a');
    await waitFor(realtime, 'open');
    await expect(realtime.emitWithAck('SendMessage', { text: 'مرحبا' })).resolves.toBe('ok');
    await expect(realtime.emitWithAck('SendMessage', { text: '' })).resolves.toBe('empty-text');

    const error = await realtime
      .emitWithAck('MarkMessageAsRead', { id: 1 }, 200)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealtimeError);
    expect((error as Error).message).toBe('acknowledgement timeout');
  });

  it('delivers server events to on() until unsubscribed', async () => {
    const realtime = open(() => 'token-a');
    await waitFor(realtime, 'open');
    const received: unknown[] = [];
    const stop = realtime.on('Greeting', (greeting) => received.push(greeting));
    // Read through the contract: a field it does not name is not handed on.
    serverSockets[0]?.emit('Greeting', { id: 5, extra: 'x' });
    await new Promise((r) => setTimeout(r, 100));
    stop();
    serverSockets[0]?.emit('Greeting', { id: 6 });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([{ id: 5 }]);
  });
});

describe('payloads read through the contract', () => {
  /** A socket.io-client stand-in whose events the test plays by hand. */
  function fakeSocketIo() {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      active: false,
      io: { opts: {}, on: () => undefined },
      on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
      off: (event: string) => handlers.delete(event),
    };
    const io = (() => socket) as unknown as SocketIoFactory;
    return { io, play: (event: string, payload: unknown) => handlers.get(event)?.(payload) };
  }

  it('throws at a payload that breaks its schema, when asked to check', () => {
    const { io, play } = fakeSocketIo();
    const realtime = createRealtime({ url, getToken: () => null, io, validatePayloads: true });
    const received: unknown[] = [];
    realtime.on('TutorsCacheUpdated', (event) => received.push(event.tutorIds));
    expect(() => play('TutorsCacheUpdated', { at: 5 })).toThrow(RealtimeContractViolation);
    play('TutorsCacheUpdated', { at: '2026-11-26T10:00:00.000Z', tutorIds: [3] });
    expect(received).toEqual([[3]]);
  });

  it('hands payloads on as they came without the check (production)', () => {
    const { io, play } = fakeSocketIo();
    const realtime = createRealtime({ url, getToken: () => null, io });
    const received: unknown[] = [];
    realtime.on('TutorsCacheUpdated', (event) => received.push(event));
    play('TutorsCacheUpdated', { at: 5 });
    expect(received).toEqual([{ at: 5 }]);
  });
});

describe('acknowledgements declared by a schema', () => {
  it('are typed from the schema (the chat events of the default contract)', () => {
    expectTypeOf<AckOf<DefaultRealtimeContract, 'SendMessage'>['result']>().toEqualTypeOf<
      'ok' | 'empty-text' | 'room-not-found' | 'not-member' | 'unallowed' | 'unreachable'
    >();
    expectTypeOf<AckOf<DefaultRealtimeContract, 'UserTyping'>>().toHaveProperty('result');
  });
});
