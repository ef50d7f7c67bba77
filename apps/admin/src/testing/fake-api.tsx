// Test helpers of the admin dashboard (imported by *.test.tsx only, never by app code).
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Role } from '@talaqa/domain';
import type { Topic, User } from '@talaqa/domain';
import { AppProviders, createQueryClient } from '@talaqa/ui';
import { api } from '../api';
import { storeSession } from '../lib/session';
import { routes } from '../router';

// happy-dom lacks `select.size` and `option.defaultSelected`, which react-hook-form reads to tell
// whether a select was edited before the form was ready (it then keeps the DOM's value instead of
// the form's default). Browsers have both; give the test DOM their standard values.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'سارة المشرفة',
    email: 'sara@talaqa.com',
    pendingEmail: null,
    hasPassword: true,
    creditScore: 0,
    notificationMethod: 'none',
    birthYear: null,
    gender: null,
    image: null,
    verifiedEmail: true,
    verifiedPhone: false,
    phone: null,
    role: Role.SuperAdmin,
    city: null,
    job: null,
    level: null,
    aim: null,
    topics: [],
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const SUPER_ADMIN = makeUser();
export const REGULAR_ADMIN = makeUser({ id: 2, name: 'مازن المشرف', role: Role.RegularAdmin });

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A bearer token of the spec's shape `{id, iat, exp}` that expires in an hour. */
export function fakeToken(id: number): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ id, iat: now, exp: now + 3600 })}.sig`;
}

/** Starts a session as `user`, as a successful sign-in would. */
export function signInAs(user: User): void {
  storeSession({ user, token: fakeToken(user.id) }, true);
}

/** No session and nothing stored (the page size too). */
export function resetSession(): void {
  api.tokens.logout();
  localStorage.clear();
  sessionStorage.clear();
}

export interface FakeRequest {
  method: string;
  /** The path after /api/v1, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The Authorization header sent, if any. */
  authorization: string | null;
  /** A multipart body as sent (an upload), else null. */
  form: FormData | null;
}

/** An answer: a Response as is, anything else as a 200 JSON body. */
export type FakeHandler = (request: FakeRequest) => unknown;

export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const apiError = (code: string, status: number, fields?: unknown) =>
  Response.json({ code, message: code, fields }, { status });
export const noContent = () => new Response(null, { status: 204 });

/**
 * A fake API for `fetch`: `routes` maps "METHOD /path" (path after /api/v1, no query) to an
 * answer. Health, the token refresh and the current user answer by default; anything else is a
 * 404 `not-found`. Every request is recorded in `requests`.
 */
export function createFakeApi(routes: Record<string, FakeHandler> = {}, me: User = SUPER_ADMIN) {
  const requests: FakeRequest[] = [];
  const table: Record<string, FakeHandler> = {
    'GET /health': () => ({ status: 'ok', database: { status: 'up', driver: 'pglite' } }),
    'POST /auth/refresh-token': () => apiError('not-found', 404),
    'GET /user/current': () => me,
    'GET /user/list': () => ({ list: [], total: 0 }),
    'GET /invite/list': () => ({ list: [], total: 0 }),
    'GET /topic/list': (): Topic[] => [],
    'GET /tx/list': () => ({ list: [], total: 0 }),
    'GET /lesson/list': () => ({ list: [], total: 0 }),
    'GET /contact-request/list': () => ({ list: [], total: 0 }),
    ...routes,
  };
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: new Headers(init?.headers).get('authorization'),
      form: init?.body instanceof FormData ? init.body : null,
    };
    requests.push(request);
    const handler =
      table[`${method} ${path}`] ??
      Object.entries(table).find(([key]) => {
        const [m, pattern = ''] = key.split(' ');
        if (m !== method || !pattern.includes(':')) return false;
        return new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);
      })?.[1];
    if (!handler) return apiError('not-found', 404);
    const answer = await handler(request);
    return answer instanceof Response ? answer : json(answer);
  };
  return { fetch: fetchImpl, requests };
}

/** Renders the dashboard's routes at `url`; returns the router to read its location. */
/** Answers the app's fetches from `routes` (as `me`) for the rest of the test. */
export function stubApi(routes: Record<string, FakeHandler> = {}, me: User = SUPER_ADMIN) {
  const fake = createFakeApi(routes, me);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

export function renderAdmin(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/**
 * An `XMLHttpRequest` for uploads (the API client sends multipart bodies with it, for progress)
 * that hands the request to `fetchImpl`, the fake API's fetch, and reads its answer back. Stub it
 * with `vi.stubGlobal('XMLHttpRequest', fakeXhr(fake.fetch))`.
 */
export function fakeXhr(fetchImpl: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    readonly upload = {
      onprogress: null as ((event: { loaded: number; total: number }) => void) | null,
      onload: null as (() => void) | null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers.set(name, value);
    }

    abort(): void {
      this.onabort?.();
    }

    send(body: FormData): void {
      void fetchImpl(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
          this.upload.onload?.();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}
