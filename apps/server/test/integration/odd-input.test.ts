import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import type { Access } from '../../src/http/access';
import { signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Odd input (issue 15, item 11): ids past what an `integer` column holds and NUL characters in
 * text are refused with a 400 and a field code, never a 500, on every route.
 */
let server: TestServer;
let admin: SignedInUser;
let student: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, Role.SuperAdmin);
  student = await signedInUser(server, Role.Student);
});
afterAll(() => server.close());

/** 2^31: one past PostgreSQL's `integer`, written out (not derived from the rule under test). */
const ID_MAX = 2_147_483_647;
const TOO_BIG = '2147483648';

/** Path parameters that hold an id; the others (a file name, a coupon code, a token) do not. */
const ID_PARAM = /:(id|[a-zA-Z]*Id)\b/;
const ID_PARAMS = new RegExp(ID_PARAM.source, 'g');

interface Caller {
  name: string;
  token: string | null;
  role: Role | null;
}

function admits(access: Access, caller: Caller): boolean {
  if (access.kind === 'anyone') return true;
  if (caller.role === null) return false;
  return access.kind === 'signed-in' || access.roles.includes(caller.role);
}

async function send(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: { code?: string; fields?: { path: string; code: string }[] } }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'DELETE') headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

describe('ids of 2^31 or more', () => {
  it('are refused 400 on every route with an id in its path, for an admin and strangers', async () => {
    const routes = server.app.routeAccess.filter((route) => ID_PARAM.test(route.url));
    // Sanity: the walk covers the routes the issue named, so a renamed parameter cannot hide one.
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/plan/:id',
        'GET /api/v1/user/tutor/info/:id',
        'GET /api/v1/rating/list/tutor/:id',
        'GET /api/v1/user/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const callers: Caller[] = [
      { name: 'admin', token: admin.token, role: Role.SuperAdmin },
      { name: 'student', token: student.token, role: Role.Student },
      { name: 'anonymous', token: null, role: null },
    ];
    const wrong: string[] = [];
    for (const route of routes) {
      const path = route.url.replace('/api/v1', '').replace(ID_PARAMS, TOO_BIG);
      for (const caller of callers) {
        const answer = await send(route.method, path, caller.token);
        const expected = admits(route.access, caller) ? 400 : caller.token ? 403 : 401;
        const fieldOk =
          expected !== 400 || answer.body.fields?.some((field) => field.code === 'invalid-type');
        if (answer.status !== expected || !fieldOk) {
          wrong.push(`${route.method} ${path} as ${caller.name}: ${answer.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are refused 400 in query strings and bodies too', async () => {
    const tx = await fetch(`${server.baseUrl}/api/v1/fawry/return?tx=${TOO_BIG}`, {
      redirect: 'manual',
    });
    expect(tx.status).toBe(400);
    const topics = await send('PATCH', '/topic/of/user', student.token, { topicIds: [ID_MAX + 1] });
    expect(topics.status).toBe(400);
    const asset = await fetch(`${server.baseUrl}/api/v1/user/asset?forUser=${TOO_BIG}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(asset.status).toBe(400);
    // The largest id that fits is a plain "not found", not a refusal.
    expect((await send('GET', `/plan/${ID_MAX}`, null)).status).toBe(404);
  });
});

describe('a NUL character in text', () => {
  const NUL = 'a\u0000b';

  it('is refused 400 with the field named, and nothing is stored', async () => {
    const me = `/user/${student.id}`;
    for (const field of ['job', 'aim', 'name']) {
      const answer = await send('PUT', me, student.token, { [field]: NUL });
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields).toEqual([{ path: field, code: 'invalid-type' }]);
    }
    const patched = await send('PATCH', '/student/', student.token, { job: NUL, aim: NUL });
    expect(patched.status).toBe(400);
    expect(patched.body.fields?.map((field) => field.path).sort()).toEqual(['aim', 'job']);
    const created = await send('POST', '/student/', student.token, {
      birthYear: 2000,
      gender: 'female',
      city: 2,
      level: 3,
      aim: NUL,
    });
    expect(created.status).toBe(400);
    const current = await send('GET', '/user/current', student.token);
    expect(current.body).toMatchObject({ job: null, aim: null, level: null });
  });

  it('is refused 400 in searches, path words and sign-in, never 500', async () => {
    const encoded = encodeURIComponent(NUL);
    expect((await send('GET', `/user/list?search=${encoded}`, admin.token)).status).toBe(400);
    expect((await send('GET', `/user/tutor/list/onboarded?search=${encoded}`, null)).status).toBe(
      400,
    );
    expect((await send('GET', `/coupon/code/${encoded}`, admin.token)).status).toBe(400);
    // Words of a path that are not stored text: refused as unknown, never a 500.
    expect((await send('GET', `/calendar/${encoded}.ics`, null)).status).toBeLessThan(500);
    expect((await send('GET', `/assets/uploads/${encoded}.png`, null)).status).toBe(404);
    const signIn = await send('POST', '/auth/password', null, {
      email: 'someone@example.com',
      password: `pass${NUL}word1`,
    });
    expect(signIn.status).toBe(400);
    const signUp = await send('POST', '/user/', null, {
      name: 'Mona Adel',
      email: 'nul@example.com',
      password: 'password1',
      passwordConfirmation: `password1${NUL}`,
      role: Role.Student,
      acceptTerms: true,
    });
    expect(signUp.status).toBe(400);
  });
});

describe('page numbers past any list', () => {
  it('answer an empty page or a 400, never 500', async () => {
    for (const page of ['1e20', '99999999999999999999', '2147483648', '9007199254740991']) {
      const tutors = await send('GET', `/user/tutor/list/onboarded?page=${page}`, null);
      expect([200, 400], page).toContain(tutors.status);
      const users = await send('GET', `/user/list?page=${page}`, admin.token);
      expect([200, 400], page).toContain(users.status);
      const plans = await send('GET', `/plan/list?page=${page}`, null);
      expect(plans.status, page).toBeLessThan(500);
    }
  });
});
