import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PREFIX, ENDPOINTS, ROLES, Role, isAdminRole, mayCall, pathOf } from '@talaqa/domain';
import type { Access, EndpointDefinition } from '@talaqa/domain';
import { contractsWithoutRoute, routesWithoutContract } from '../../src/http/endpoint';
import { auditLog } from '../../src/db/schema';
import { signAccessToken } from '../../src/security/tokens';
import { createUser } from '../../src/modules/accounts';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Every endpoint of the API, called as a stranger and as each of the six roles: the answer must
 * be `unauthenticated` (401) for a stranger on a private endpoint, `forbidden` (403) for a role
 * the endpoint does not admit, and neither for a caller it admits. Who is admitted comes from the
 * endpoint's contract (`mayCall(contract.access, role)`, packages/domain), the one the route
 * serves. Requests carry an empty body, so an admitted caller usually gets a validation error:
 * what matters is that it got past the door. Path params name the caller itself, so ownership
 * checks let the owner through too.
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

/** Endpoints whose door is a provider's secret, not the session: refused to every caller without it. */
const SECRET_GUARDED: Partial<Record<string, 'unauthenticated' | 'forbidden'>> = {
  'POST /api/v1/telegram/webhook': 'unauthenticated',
  // WhatsApp (issue 16): no signature is 401; the handshake without the verify token is 403.
  'POST /api/v1/whatsapp/webhook': 'unauthenticated',
  'GET /api/v1/whatsapp/webhook': 'forbidden',
};

/**
 * Endpoints that end the caller's other sessions and answer a fresh token for this one (issue 15):
 * the walk goes on with that token, as the app does.
 */
const RENEWS_SESSION = new Set(['POST /api/v1/auth/sign-out-all']);

type Verdict = 'yes' | 'unauthenticated' | 'forbidden';

/** What the access rule says for this caller; `mayCall` is the contracts' own rule. */
function admits(access: Access, caller: Caller): Verdict {
  if (mayCall(access, caller.role)) return 'yes';
  return caller.role === null ? 'unauthenticated' : 'forbidden';
}

interface Door {
  method: string;
  /** The route's path, with the /api/v1 prefix. */
  url: string;
  access: Access;
}

async function call(door: Door, caller: Caller): Promise<Response> {
  const names = [...door.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const path = pathOf(door.url, Object.fromEntries(names.map((name) => [name, caller.userId])));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const body = door.method === 'GET' ? undefined : '{}';
  return fetch(`${server.baseUrl}${path}`, { method: door.method, headers, body });
}

/** Calls every door as every caller; the answers that do not match the access rule. */
async function wrongAnswers(doors: Door[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const door of doors) {
    const key = `${door.method} ${door.url}`;
    for (const caller of callers) {
      const response = await call(door, caller);
      if (RENEWS_SESSION.has(key) && response.ok) {
        caller.token = ((await response.json()) as { token: string }).token;
      } else {
        // Read every answer: an unread one (the OpenAPI document is large) keeps its
        // connection busy, and closing the server waits for it.
        await response.arrayBuffer();
      }
      const expected = SECRET_GUARDED[key] ?? admits(door.access, caller);
      const got: Verdict =
        response.status === 401 ? 'unauthenticated' : response.status === 403 ? 'forbidden' : 'yes';
      if (got !== expected) {
        wrong.push(`${key} as ${caller.name}: ${response.status}, expected ${expected}`);
      }
    }
  }
  return wrong;
}

const doorOf = (endpoint: EndpointDefinition): Door => ({
  method: endpoint.method,
  url: `${API_PREFIX}${endpoint.path}`,
  access: endpoint.access,
});

describe('the permission of every endpoint', () => {
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

  it('comes from a contract: every route serves one, every contract has its route', () => {
    expect(contractsWithoutRoute(server.app)).toEqual([]);
    expect(routesWithoutContract(server.app), 'serve these from a contract').toEqual([]);
  });

  it('matches the contract on each served route', () => {
    for (const route of server.app.routeAccess) {
      if (route.endpoint)
        expect(route.access, `${route.method} ${route.url}`).toEqual(route.endpoint.access);
    }
  });

  it('holds for a stranger and each of the six roles on every contract', async () => {
    expect(await wrongAnswers(ENDPOINTS.map(doorOf))).toEqual([]);
  });

  it('leaves in the audit log what the admins did in the walk, and nobody else (decision 340)', async () => {
    const rows = await server.app.database.db.select().from(auditLog);
    const adminIds = callers
      .filter((caller) => caller.role !== null && isAdminRole(caller.role))
      .map((caller) => caller.userId);
    expect(adminIds).toHaveLength(2);
    expect(rows.filter((row) => !adminIds.includes(row.actorId))).toEqual([]);
    // The one admin action an empty body completes, the cache flush, is there for each admin.
    const flushedBy = rows.filter((row) => row.action === 'cache.flush').map((row) => row.actorId);
    expect(flushedBy.toSorted()).toEqual(adminIds.toSorted());
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
