import { decodeJwt } from 'jose';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role, SESSION_MAX_AGE_SECONDS } from '@talaqa/domain';
import type { AuthSession, SignUpAnswer } from '@talaqa/domain';
import { users } from '../../src/db/schema';
import { signAccessToken, signPurposeToken } from '../../src/security/tokens';
import { apiOn, callApi } from './api';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

/**
 * Issue 15, items 4 and 5: a purpose token is never a session, and sessions end when the
 * password changes (by any path), on sign-out-all, and 30 days after the sign-in.
 */
let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const api = apiOn(() => server);
const now = () => Math.floor(Date.now() / 1000);

let counter = 0;
interface Account {
  id: number;
  email: string;
  password: string;
  /** The token of the sign-up. */
  token: string;
}

async function signUp(): Promise<Account> {
  counter += 1;
  const email = `session${counter}@example.com`;
  const password = 'secret123';
  const { status, body } = await api<SignUpAnswer>('POST', '/user/', {
    body: {
      name: 'Mona Adel',
      email,
      password,
      passwordConfirmation: password,
      role: Role.Student,
      acceptTerms: true,
    },
  });
  expect(status).toBe(201);
  return { id: body.user.id, email, password, token: body.token };
}

/** Another device signing in to the same account. */
async function signIn(account: Account, password = account.password): Promise<string> {
  const answer = await api<AuthSession>('POST', '/auth/password', {
    body: { email: account.email, password },
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** The reset token of the forgot-password flow, as the person would get it. */
async function resetTokenOf(account: Account): Promise<string> {
  server.outbox.clear();
  const sent = await api('POST', '/confirmation-code/password/send', {
    body: { email: account.email },
  });
  expect(sent.status).toBe(200);
  const message = await server.outbox.waitFor(
    (m) => m.channel === 'email' && m.to === account.email && /\d{5}/.test(m.text),
    5000,
  );
  const code = message.text.match(/\d{5}/)?.[0] ?? '';
  const confirmed = await api<{ resetToken: string }>(
    'POST',
    '/confirmation-code/password/confirm',
    { body: { email: account.email, code } },
  );
  expect(confirmed.status).toBe(200);
  return confirmed.body.resetToken;
}

const current = (token: string, target = server) =>
  callApi(target, 'GET', '/user/current', { token });
const refresh = (token: string) => api<{ token: string }>('POST', '/auth/refresh-token', { token });

function open(token: string, target = server): Socket {
  const socket = connect(target.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  return socket;
}

/** 'connected', or the connect_error message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Opens a socket that must connect, and a promise of the reason it is closed. */
async function connected(token: string, target = server) {
  const socket = open(token, target);
  expect(await outcome(socket)).toBe('connected');
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, closed };
}

describe('purpose tokens are not sessions', () => {
  it('refuses a reset token on HTTP routes, refresh and the socket handshake', async () => {
    const account = await signUp();
    const resetToken = await resetTokenOf(account);

    const asSession = await current(resetToken);
    expect(asSession.status).toBe(401);
    expect(asSession.body).toMatchObject({ code: 'unauthenticated' });
    expect((await refresh(resetToken)).status).toBe(401);
    expect((await api('POST', '/auth/sign-out-all', { token: resetToken })).status).toBe(401);
    const change = await api('PATCH', '/auth/password', {
      token: resetToken,
      body: { newPassword: 'stolen123', newPasswordConfirmation: 'stolen123' },
    });
    expect(change.status).toBe(401);
    expect(await outcome(open(resetToken))).toBe('unauthenticated');

    // Its own call takes it, once.
    const reset = { resetToken, password: 'brandnew9', passwordConfirmation: 'brandnew9' };
    expect((await api('POST', '/auth/reset-password', { body: reset })).status).toBe(204);
    expect((await api('POST', '/auth/reset-password', { body: reset })).body).toMatchObject({
      code: 'expired-verification-code',
    });
  });

  it('refuses a verify-email token as a session too', async () => {
    const account = await signUp();
    const token = await signPurposeToken(
      { id: account.id, purpose: 'verify-email', codeId: 1 },
      server.config,
      600,
    );
    expect((await current(token)).status).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    expect(await outcome(open(token))).toBe('unauthenticated');
  });

  it('refuses an access token as a reset token', async () => {
    const account = await signUp();
    const reset = await api('POST', '/auth/reset-password', {
      body: { resetToken: account.token, password: 'stolen123', passwordConfirmation: 'stolen123' },
    });
    expect(reset.body).toMatchObject({ code: 'expired-verification-code' });
    expect((await current(account.token)).status).toBe(200);
  });
});

describe('a password change ends every other session', () => {
  it('answers a fresh token; older tokens and their sockets end, refresh included', async () => {
    const account = await signUp();
    const other = await signIn(account);
    const otherSocket = await connected(other);

    const changed = await api<{ token: string }>('PATCH', '/auth/password', {
      token: account.token,
      body: {
        currentPassword: account.password,
        newPassword: 'another12',
        newPasswordConfirmation: 'another12',
      },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token;

    expect(await otherSocket.closed).toBe('io server disconnect');
    for (const old of [account.token, other]) {
      expect((await current(old)).status).toBe(401);
      expect((await refresh(old)).status).toBe(401);
      expect(await outcome(open(old))).toBe('unauthenticated');
    }
    // The device that changed it goes on, keeping its sign-in time.
    expect((await current(fresh)).status).toBe(200);
    expect(decodeJwt(fresh).auth_time).toBe(decodeJwt(account.token).auth_time);
    await connected(fresh);
    const refreshed = await refresh(fresh);
    expect(refreshed.status).toBe(200);
    expect((await current(refreshed.body.token)).status).toBe(200);
  });

  it('a reset ends every session and closes their sockets', async () => {
    const account = await signUp();
    const socket = await connected(account.token);
    const resetToken = await resetTokenOf(account);
    const reset = await api('POST', '/auth/reset-password', {
      body: { resetToken, password: 'brandnew9', passwordConfirmation: 'brandnew9' },
    });
    expect(reset.status).toBe(204);
    expect(await socket.closed).toBe('io server disconnect');
    expect((await current(account.token)).status).toBe(401);
    expect((await refresh(account.token)).status).toBe(401);
    expect((await current(await signIn(account, 'brandnew9'))).status).toBe(200);
  });

  it('ends sessions whatever path writes the password (the trigger), and only then', async () => {
    const account = await signUp();
    const db = server.app.database.db;
    // Another column: the session stays.
    await db.update(users).set({ name: 'Mona A.' }).where(eq(users.id, account.id));
    expect((await current(account.token)).status).toBe(200);
    // The same hash written again is no change.
    await db
      .update(users)
      .set({ passwordHash: sql`${users.passwordHash}` })
      .where(eq(users.id, account.id));
    expect((await current(account.token)).status).toBe(200);
    // An admin's change or a Google sign-in dropping a stranger's password only writes the hash.
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    expect((await current(account.token)).status).toBe(401);
  });
});

describe('sign out of all devices', () => {
  it('ends every session, closes their sockets, and answers a token for this device', async () => {
    const account = await signUp();
    const other = await signIn(account);
    const otherSocket = await connected(other);
    const mine = await connected(account.token);

    const out = await api<{ token: string }>('POST', '/auth/sign-out-all', {
      token: account.token,
    });
    expect(out.status).toBe(200);
    expect(await otherSocket.closed).toBe('io server disconnect');
    expect(await mine.closed).toBe('io server disconnect');
    for (const old of [account.token, other]) {
      expect((await current(old)).status).toBe(401);
      expect((await refresh(old)).status).toBe(401);
    }
    expect((await current(out.body.token)).status).toBe(200);
    await connected(out.body.token);
    // The password still signs in.
    expect((await current(await signIn(account))).status).toBe(200);
  });

  it('is for signed-in callers only', async () => {
    expect((await api('POST', '/auth/sign-out-all')).status).toBe(401);
  });
});

describe('the absolute lifetime of a session', () => {
  it('keeps the sign-in time across refreshes and caps the expiry at 30 days', async () => {
    const account = await signUp();
    const signedIn = now() - SESSION_MAX_AGE_SECONDS + 120;
    const old = await signAccessToken(account.id, server.config, now(), {
      version: 0,
      authTime: signedIn,
    });
    const answer = await refresh(old);
    expect(answer.status).toBe(200);
    const claims = decodeJwt(answer.body.token);
    expect(claims.auth_time).toBe(signedIn);
    expect(claims.exp).toBe(signedIn + SESSION_MAX_AGE_SECONDS);
  });

  it('refuses to refresh past 30 days from the sign-in', async () => {
    const account = await signUp();
    // Issued a minute ago, with a long lifetime, for a sign-in 30 days and a minute back.
    const expired = await signAccessToken(
      account.id,
      { ...server.config, accessTokenTtl: SESSION_MAX_AGE_SECONDS * 2 },
      now() - 60,
      { version: 0, authTime: now() - SESSION_MAX_AGE_SECONDS - 60 },
    );
    const answer = await refresh(expired);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a token without session claims (issued before sessions had versions)', async () => {
    const account = await signUp();
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({ id: account.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now())
      .setExpirationTime(now() + 600)
      .sign(new TextEncoder().encode(server.config.jwtSecret));
    expect((await current(legacy)).status).toBe(401);
    expect((await refresh(legacy)).status).toBe(401);
    expect(await outcome(open(legacy))).toBe('unauthenticated');
  });
});

describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('sessions across instances', () => {
  let other: TestServer;
  beforeAll(async () => {
    // A second instance on the same database and Redis, as behind a load balancer.
    other = await startTestServer({
      databaseUrl: server.config.databaseUrl,
      redisKeyPrefix: server.config.redisKeyPrefix,
    });
  });
  afterAll(() => other.close());

  it('closes a socket on another instance when the password changes', async () => {
    const account = await signUp();
    const elsewhere = await connected(account.token, other);
    const changed = await api('PATCH', '/auth/password', {
      token: account.token,
      body: {
        currentPassword: account.password,
        newPassword: 'another12',
        newPasswordConfirmation: 'another12',
      },
    });
    expect(changed.status).toBe(200);
    expect(await elsewhere.closed).toBe('io server disconnect');
    expect((await current(account.token, other)).status).toBe(401);
  });
});
