import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLES, Role } from '@talaqa/domain';
import type { Access } from '../../src/http/access';
import { signAccessToken } from '../../src/security/tokens';
import { createUser } from '../../src/modules/accounts';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Every route of the server, called as a stranger and as each of the six roles: the answer must
 * be `unauthenticated` (401) for a stranger on a private route, `forbidden` (403) for a role the
 * route does not admit, and neither for a caller it admits. Requests carry an empty body, so an
 * admitted caller usually gets a validation error: what matters is that it got past the door.
 * Path ids name the caller itself, so ownership checks let the owner through too.
 */
type Caller = { name: string; role: Role | null; userId: number; token: string | null };

let server: TestServer;
const callers: Caller[] = [];

beforeAll(async () => {
  server = await startTestServer();
  callers.push({ name: 'anonymous', role: null, userId: 1, token: null });
  for (const role of ROLES) {
    const user = await createUser(server.app.database.db, {
      name: `Role ${role} User`,
      email: `role${role}@example.com`,
      password: 'password1',
      role,
    });
    const token = await signAccessToken(user.id, server.config);
    callers.push({ name: `role ${role}`, role, userId: user.id, token });
  }
});
afterAll(() => server.close());

/** Routes whose door is a provider's secret, not the session: refused to every caller without it. */
const SECRET_GUARDED: Partial<Record<string, 'unauthenticated' | 'forbidden'>> = {
  'POST /api/v1/telegram/webhook': 'unauthenticated',
  // WhatsApp (issue 16): no signature is 401; the handshake without the verify token is 403.
  'POST /api/v1/whatsapp/webhook': 'unauthenticated',
  'GET /api/v1/whatsapp/webhook': 'forbidden',
};

/**
 * Routes that end the caller's other sessions and answer a fresh token for this one (issue 15):
 * the walk goes on with that token, as the app does.
 */
const RENEWS_SESSION = new Set(['POST /api/v1/auth/sign-out-all']);

function admits(access: Access, caller: Caller): 'yes' | 'unauthenticated' | 'forbidden' {
  if (access.kind === 'anyone') return 'yes';
  if (caller.role === null) return 'unauthenticated';
  if (access.kind === 'signed-in') return 'yes';
  return access.roles.includes(caller.role) ? 'yes' : 'forbidden';
}

async function call(method: string, url: string, caller: Caller): Promise<Response> {
  const path = url.replace(/:[a-zA-Z]+/g, String(caller.userId));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const body = method === 'GET' ? undefined : '{}';
  return fetch(`${server.baseUrl}${path}`, { method, headers, body });
}

describe('the permission of every route', () => {
  it('is declared for every API route (the server refuses to start otherwise)', () => {
    const urls = server.app.routeAccess.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/v1/user/');
    expect(urls).toContain('GET /api/v1/user/list');
    // The calendar feed (issue 6): managed signed in, fetched by calendar apps without a session.
    for (const route of ['GET', 'POST', 'DELETE'].map((m) => `${m} /api/v1/calendar/feed`)) {
      expect(urls).toContain(route);
    }
    expect(urls).toContain('GET /api/v1/calendar/:token.ics');
    expect(urls.length).toBeGreaterThanOrEqual(20);
  });

  it('holds for a stranger and for each of the six roles', async () => {
    const wrong: string[] = [];
    for (const route of server.app.routeAccess) {
      for (const caller of callers) {
        const response = await call(route.method, route.url, caller);
        if (RENEWS_SESSION.has(`${route.method} ${route.url}`) && response.ok) {
          caller.token = ((await response.json()) as { token: string }).token;
        } else {
          // Read every answer: an unread one (the OpenAPI document is large) keeps its
          // connection busy, and closing the server waits for it.
          await response.arrayBuffer();
        }
        const expected =
          SECRET_GUARDED[`${route.method} ${route.url}`] ?? admits(route.access, caller);
        const got =
          response.status === 401
            ? 'unauthenticated'
            : response.status === 403
              ? 'forbidden'
              : 'yes';
        if (got !== expected) {
          wrong.push(
            `${route.method} ${route.url} as ${caller.name}: ${response.status}, expected ${expected}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers an expired or forged token as unauthenticated even on a signed-in route', async () => {
    const forged = `${callers[4]?.token ?? ''}x`;
    const response = await fetch(`${server.baseUrl}/api/v1/user/current`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('treats a deleted account as signed out at once', async () => {
    const user = await createUser(server.app.database.db, {
      name: 'Gone User',
      email: 'gone@example.com',
      password: 'password1',
      role: Role.Student,
    });
    const token = await signAccessToken(user.id, server.config);
    await server.app.database.db.execute(sql`delete from users where id = ${user.id}`);
    const response = await fetch(`${server.baseUrl}/api/v1/user/current`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });
});
