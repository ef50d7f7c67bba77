import { SignJWT } from 'jose';
import { io as connect } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/security/tokens';
import { RealtimePayloadError, userRoom } from '../../src/realtime';
import { Role, ServerEvent } from '@talaqa/domain';
import type { PhoneCodeUndeliveredEvent } from '@talaqa/domain';
import { signedInUser } from './api';
import { startTestServer, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

function open(target: TestServer, options: Partial<ManagerOptions & SocketOptions>): Socket {
  const socket = connect(target.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves with 'connected' or with the connect_error message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

const undelivered: PhoneCodeUndeliveredEvent = {
  code: 'unresolved-phone',
  message: 'not delivered',
  phone: '+201012345678',
};

/** A real user's id and token: the handshake refuses a token of an account that does not exist. */
async function member(target = server): Promise<{ id: number; token: string }> {
  const { id, token } = await signedInUser(target, Role.Student);
  return { id, token };
}

describe('socket handshake', () => {
  it('refuses a connection without a token', async () => {
    expect(await outcome(open(server, {}))).toBe('unauthenticated');
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signAccessToken((await member()).id, {
      jwtSecret: 'another-secret-that-is-long-enough-0123456789',
      accessTokenTtl: 60,
    });
    expect(await outcome(open(server, { auth: { token: forged } }))).toBe('unauthenticated');
  });

  it('refuses an expired token', async () => {
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    const { id } = await member();
    const expired = await signAccessToken(id, { ...server.config, accessTokenTtl: 60 }, longAgo);
    expect(await outcome(open(server, { auth: { token: expired } }))).toBe('unauthenticated');
  });

  it('refuses a token without a user id', async () => {
    const now = Math.floor(Date.now() / 1000);
    const anonymous = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(server.config.jwtSecret));
    expect(await outcome(open(server, { auth: { token: anonymous } }))).toBe('unauthenticated');
  });

  it('accepts a valid token in the auth payload and joins the user room', async () => {
    const { id, token } = await member();
    const socket = open(server, { auth: { token } });
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise((resolve) =>
      socket.once(ServerEvent.PhoneCodeUndelivered, resolve),
    );
    server.app.io.to(userRoom(id)).emit(ServerEvent.PhoneCodeUndelivered, undelivered);
    expect(await received).toEqual(undelivered);
  });

  it('accepts a valid token in the Authorization header', async () => {
    const socket = open(server, {
      transports: ['polling'],
      extraHeaders: { authorization: `Bearer ${(await member()).token}` },
    });
    expect(await outcome(socket)).toBe('connected');
  });
});

describe('realtime payloads (the contract of packages/domain)', () => {
  it('sends only the fields the contract names', async () => {
    const { id, token } = await member();
    const socket = open(server, { auth: { token } });
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise((resolve) =>
      socket.once(ServerEvent.PhoneCodeUndelivered, resolve),
    );
    const leaky = { ...undelivered, userId: id, codeHash: 'secret' };
    server.app.io.to(userRoom(id)).emit(ServerEvent.PhoneCodeUndelivered, leaky);
    expect(await received).toEqual(undelivered);
  });

  it('refuses, at the emit, a payload that breaks its schema or an undeclared event', () => {
    const io = server.app.io;
    const broken = { ...undelivered, phone: 5 } as unknown as PhoneCodeUndeliveredEvent;
    expect(() => io.emit(ServerEvent.PhoneCodeUndelivered, broken)).toThrow(RealtimePayloadError);
    // The compiler refuses both (checked by the typecheck of this file)...
    const typeChecked = (): void => {
      // @ts-expect-error: a payload of another shape
      io.emit(ServerEvent.PhoneCodeUndelivered, { phone: '+201012345678' });
      // @ts-expect-error: not an event of the realtime contract
      io.emit('hello', { to: 1 });
    };
    expect(typeChecked).toBeTypeOf('function');
    // ...and only a cast gets an undeclared event past it; the adapter still refuses it.
    const untyped = io as unknown as { emit: (event: string, payload: unknown) => void };
    expect(() => untyped.emit('hello', { to: 1 })).toThrow(RealtimePayloadError);
  });
});

describe.skipIf(!testRedisUrl)('socket.io across instances (Redis adapter)', () => {
  let other: TestServer;
  beforeAll(async () => {
    // Another instance of the same deployment: the same Redis key prefix (decision 289).
    other = await startTestServer({ redisKeyPrefix: server.config.redisKeyPrefix });
  });
  afterAll(() => other.close());

  it('delivers an event emitted on one instance to a socket on another', async () => {
    const { id, token } = await member(other);
    const socket = open(other, { auth: { token } });
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise((resolve) =>
      socket.once(ServerEvent.PhoneCodeUndelivered, resolve),
    );
    // The adapter subscribes asynchronously; retry the emit until the message crosses.
    const timer = setInterval(
      () => server.app.io.to(userRoom(id)).emit(ServerEvent.PhoneCodeUndelivered, undelivered),
      100,
    );
    try {
      expect(await received).toEqual(undelivered);
    } finally {
      clearInterval(timer);
    }
  });
});
