// Test helpers of the main app's DOM tests (never imported by app code): a fake /api/v1 behind
// the stubbed `fetch`, users and tokens, and a render of the app's routes at one address.
import { beforeEach } from 'vitest';
import type { Mock } from 'vitest';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { API_PREFIX, NotificationMethod, Role } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { AppProviders, createQueryClient } from '@talaqa/ui';
import { api } from '../api';
import { routes } from '../router';

export interface FakeRequest {
  method: string;
  /** The path after /api/v1, e.g. `/auth/password`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Handler = (request: FakeRequest, params: Record<string, string>) => Answer;

/** A JSON answer; `status` 204 sends no body. */
export const json = (body: unknown, status = 200): Response =>
  status === 204 ? new Response(null, { status }) : Response.json(body, { status });

/** An error answer of the API: `{code, message, fields?}`. */
export const apiError = (
  status: number,
  code: string,
  fields?: { path: string; code: string }[],
): Response => Response.json({ code, message: code, ...(fields ? { fields } : {}) }, { status });

function compile(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
  };
}

/**
 * The fake server of one test file. Each test starts with: health ok, the token refresh echoing
 * the current token, and 404 `not-found` for any other route; `on()` adds routes.
 */
export function fakeApi(fetchMock: Mock<typeof fetch>) {
  let routesList: { method: string; match: ReturnType<typeof compile>; handler: Handler }[] = [];
  const calls: FakeRequest[] = [];

  /** A route answered by a handler, a fixed Response (cloned each time) or a JSON value. */
  function on(method: string, pattern: string, handler: Handler): void;
  function on(method: string, pattern: string, answer: Response | object | null): void;
  function on(method: string, pattern: string, handler: Handler | Response | object | null) {
    const run: Handler =
      typeof handler === 'function'
        ? (handler as Handler)
        : handler instanceof Response
          ? () => handler.clone()
          : () => json(handler);
    // Later routes win, so a test can replace a default.
    routesList = [{ method, match: compile(pattern), handler: run }, ...routesList];
  }

  beforeEach(() => {
    routesList = [];
    calls.length = 0;
    on('GET', '/health', { status: 'ok', database: { status: 'up', driver: 'pglite' } });
    on('POST', '/auth/refresh-token', (request: FakeRequest) =>
      json({ token: (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '') }),
    );
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      const path = url.pathname.startsWith(API_PREFIX)
        ? url.pathname.slice(API_PREFIX.length)
        : url.pathname;
      const method = (init?.method ?? 'GET').toUpperCase();
      const raw = init?.body;
      const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? undefined);
      const request: FakeRequest = {
        method,
        path,
        query: url.searchParams,
        headers: new Headers(init?.headers),
        body,
      };
      calls.push(request);
      for (const route of routesList) {
        if (route.method !== method) continue;
        const params = route.match(path);
        if (params) return route.handler(request, params);
      }
      return apiError(404, 'not-found');
    });
  });

  return {
    on,
    calls,
    /** Every call to one route, in order. */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** A compact JWS whose payload is `{id, iat, exp}` (the signature is not checked client-side). */
export function makeToken(id: number, secondsValid = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id, iat: now, exp: now + secondsValid })}.sig`;
}

/** A complete student by default. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'سارة أحمد',
    email: 'sara@example.com',
    pendingEmail: null,
    hasPassword: true,
    creditScore: 0,
    notificationMethod: NotificationMethod.WhatsApp,
    birthYear: 2000,
    gender: 'female',
    image: null,
    verifiedEmail: true,
    verifiedPhone: false,
    phone: null,
    role: Role.Student,
    city: 1,
    job: null,
    level: 3,
    aim: null,
    topics: [],
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

/** Stores a valid session for `user` and answers GET /user/current with it. */
export function signInAs(server: ReturnType<typeof fakeApi>, user: User): string {
  const token = makeToken(user.id);
  api.tokens.setBearer(token, { remember: true });
  api.tokens.saveUser({ ...user });
  server.on('GET', '/user/current', () => json(user));
  return token;
}

/** Forgets every session and stored attempt (each test starts signed out). */
export function resetSession(): void {
  api.tokens.logout();
  localStorage.clear();
  sessionStorage.clear();
}

/** Renders the app's routes at `url`; the memory router is returned to read the location. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
