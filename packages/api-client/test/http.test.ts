import { STORAGE_KEYS } from '@talaqa/domain';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NetworkError,
  buildApiUrl,
  buildQueryString,
  createApiClient,
  createMemoryStorage,
} from '../src/index';
import type { ApiClientOptions } from '../src/index';
import {
  assetFile,
  calendarFeed,
  createUser,
  deletePlan,
  listPlans,
  openGet,
  openPost,
  patchPlan,
  payByCard,
  privateGet,
  putCoupon,
  roomByMembers,
  sendReport,
} from './contracts';
import { NOW_MS, deferred, fakeFetch, json, jwtFor } from './helpers';

const BASE = 'http://api.test';

function setup(
  handler?: Parameters<typeof fakeFetch>[0],
  extra: Partial<ApiClientOptions> & { token?: string } = {},
) {
  const storage = createMemoryStorage();
  if (extra.token) {
    storage.setItem(STORAGE_KEYS.authToken, JSON.stringify({ type: 'Bearer', value: extra.token }));
  }
  const { fetch, calls } = fakeFetch(handler);
  let invalid = 0;
  const client = createApiClient({
    baseUrl: BASE,
    storage,
    sessionStorage: createMemoryStorage(),
    fetch,
    now: () => NOW_MS,
    onSessionInvalid: () => invalid++,
    ...extra,
  });
  // Requests that are not the refresh call.
  const apiCalls = () => calls.filter((c) => !c.url.endsWith('/auth/refresh-token'));
  return { client, calls, apiCalls, storage, invalidCount: () => invalid };
}

describe('requests', () => {
  it('prefix /api/v1, credentials include, Accept JSON, JSON body with content-type', async () => {
    const { client, calls } = setup(() => json({ id: 1 }, 201));
    const result = await client.call(createUser, { body: { name: 'منى' } });
    expect(result).toEqual({ id: 1 });
    const [call] = calls;
    expect(call?.url).toBe('http://api.test/api/v1/user/');
    expect(call?.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.init.body).toBe(JSON.stringify({ name: 'منى' }));
    expect(call?.headers.has('authorization')).toBe(false);
  });

  it("shows the answer's headers to onHeaders, an error answer's too", async () => {
    const dated = (status: number) =>
      new Response(JSON.stringify(status < 300 ? [] : { code: 'unexpected' }), {
        status,
        headers: { 'content-type': 'application/json', date: 'Thu, 26 Nov 2026 12:00:00 GMT' },
      });
    let status = 200;
    const { client } = setup(() => dated(status));
    const seen: (string | null)[] = [];
    const onHeaders = (headers: Headers) => seen.push(headers.get('date'));
    await client.call(listPlans, {}, { onHeaders });
    status = 503;
    await expect(client.call(listPlans, {}, { onHeaders })).rejects.toThrow();
    expect(seen).toEqual(['Thu, 26 Nov 2026 12:00:00 GMT', 'Thu, 26 Nov 2026 12:00:00 GMT']);
  });

  it('every verb sends credentials; GET and DELETE carry no body and no content-type', async () => {
    const { client, calls } = setup(() => json({ ok: true }));
    await client.call(listPlans);
    await client.call(putCoupon, { params: { id: 1 }, body: { code: 'X' } });
    await client.call(patchPlan, { params: { id: 1 }, body: { state: 1 } });
    await client.call(deletePlan, { params: { id: 1 } });
    expect(calls.map((c) => [c.method, c.init.credentials])).toEqual([
      ['GET', 'include'],
      ['PUT', 'include'],
      ['PATCH', 'include'],
      ['DELETE', 'include'],
    ]);
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.headers.has('content-type')).toBe(false);
    expect(calls[3]?.init.body).toBeUndefined();
    // The path comes from the contract with its params filled in.
    expect(calls.map((c) => c.url.slice(BASE.length))).toEqual([
      '/api/v1/plan/list',
      '/api/v1/coupon/1',
      '/api/v1/plan/1',
      '/api/v1/plan/1',
    ]);
  });

  it('204 and empty bodies resolve to undefined', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.call(deletePlan, { params: { id: 3 } })).resolves.toBeUndefined();
  });

  it('FormData is sent as is, without a JSON content-type', async () => {
    const { client, calls } = setup(() => json({}));
    const form = new FormData();
    form.append('log', 'text');
    await client.call(sendReport, { body: form });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('adds Authorization only while the token is valid', async () => {
    const token = jwtFor(4);
    const { client, apiCalls } = setup(() => json({ token: jwtFor(4, 7200) }), { token });
    await client.call(openGet);
    expect(apiCalls()[0]?.headers.get('authorization')).toMatch(/^Bearer /);

    const expired = setup(() => json({}), { token: jwtFor(4, -10) });
    await expired.client.call(listPlans);
    expect(expired.calls).toHaveLength(1); // an expired bearer is not refreshed either
    expect(expired.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends Basic credentials when set', async () => {
    const { client, calls } = setup(() => json({}));
    client.tokens.setBasic('أدمن', 'سر');
    await client.call(openGet);
    expect(calls[0]?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('أدمن:سر').toString('base64')}`,
    );
  });

  it('idempotency key and extra headers', async () => {
    const { client, calls } = setup(() => json({}));
    await client.call(
      payByCard,
      { body: { amount: 1 } },
      { idempotencyKey: 'key-123', headers: { 'X-Trace': 'abc' } },
    );
    expect(calls[0]?.headers.get('idempotency-key')).toBe('key-123');
    expect(calls[0]?.headers.get('x-trace')).toBe('abc');
  });
});

describe('how an answer is read, from its contract', () => {
  it('a file answer is read as a blob, an iCalendar one as text', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71]);
    let answer = () => new Response(bytes, { headers: { 'content-type': 'image/png' } });
    const { client, calls } = setup(() => answer(), { validateResponses: true });
    const blob = await client.call(assetFile, { params: { name: 'a b.png' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(calls[0]?.url).toBe('http://api.test/api/v1/assets/uploads/a%20b.png');

    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    answer = () => new Response(ics, { headers: { 'content-type': 'text/calendar' } });
    await expect(client.call(calendarFeed, { params: { token: 't' } })).resolves.toBe(ics);
  });
});

describe('the public surface', () => {
  it('offers only contract calls: no path-string methods, no path-to-URL helper', () => {
    const { client } = setup();
    expect(Object.keys(client).sort()).toEqual([
      'addSessionInvalidListener',
      'baseUrl',
      'call',
      'refreshSession',
      'tokens',
      'uploadTo',
    ]);
  });
});

describe('query strings', () => {
  it('arrays repeat the key, undefined and null are skipped, values are encoded', () => {
    expect(
      buildQueryString({
        page: 2,
        size: 10,
        members: [3, 4],
        search: 'أحمد & co',
        active: true,
        skip: undefined,
        none: null,
        at: new Date(Date.UTC(2025, 0, 1)),
      }),
    ).toBe(
      '?page=2&size=10&members=3&members=4&search=%D8%A3%D8%AD%D9%85%D8%AF+%26+co&active=true&at=2025-01-01T00%3A00%3A00.000Z',
    );
    expect(buildQueryString({ a: undefined })).toBe('');
    expect(buildQueryString()).toBe('');
  });

  it('joins base URL, prefix, path and query', async () => {
    expect(buildApiUrl('http://x/', 'lesson/list/', { page: 1 })).toBe(
      'http://x/api/v1/lesson/list/?page=1',
    );
    expect(buildApiUrl('', '/a?b=1', { c: 2 })).toBe('/api/v1/a?b=1&c=2');
    const { client, calls } = setup(() => json({ list: [], total: 0 }));
    await client.call(roomByMembers, { query: { members: [1, 2], q: undefined } });
    expect(calls[0]?.url).toBe('http://api.test/api/v1/chat/room/by/members?members=1&members=2');
  });
});

describe('errors', () => {
  it('a body with a known code becomes ApiError with that code, the status and the message', async () => {
    const { client } = setup(() =>
      json({ code: 'busy-tutor', message: 'Tutor is busy', fields: [] }, 409),
    );
    const error = await client.call(openPost, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'busy-tutor', status: 409, message: 'Tutor is busy' });
  });

  it('validation codes are known codes too, with their fields', async () => {
    const fields = [{ path: 'password', code: 'password-too-short' }];
    const { client } = setup(() => json({ code: 'password-too-short', message: 'x', fields }, 400));
    await expect(client.call(createUser, { body: { name: '' } })).rejects.toMatchObject({
      code: 'password-too-short',
      status: 400,
      fields,
    });
  });

  it('401 marks the session invalid: callback called, token cleared', async () => {
    const token = jwtFor(8);
    const { client, storage, invalidCount } = setup(
      (call) =>
        call.url.endsWith('/refresh-token')
          ? json({ token })
          : json({ code: 'unauthenticated', message: 'Sign in again' }, 401),
      { token },
    );
    await expect(client.call(openGet)).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 401,
    });
    expect(invalidCount()).toBe(1);
    expect(client.tokens.get()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('401 without a body is unauthenticated too; the unauthenticated code on another status as well', async () => {
    let status = 401;
    const { client, invalidCount } = setup(() =>
      status === 401 ? new Response('', { status }) : json({ code: 'unauthenticated' }, status),
    );
    await expect(client.call(openGet)).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 401,
    });
    status = 403;
    await expect(client.call(openGet)).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 403,
    });
    expect(invalidCount()).toBe(2);
  });

  it('a 401 answering an old token does not clear a newer valid token', async () => {
    const { client, invalidCount } = setup(async () => {
      client.tokens.setBearer(jwtFor(2)); // signed in while the request was in flight
      return json({ code: 'unauthenticated' }, 401);
    });
    await expect(client.call(openGet)).rejects.toBeInstanceOf(ApiError);
    expect(client.tokens.get()).not.toBeNull();
    expect(invalidCount()).toBe(0);
  });

  it('other errors pass their status through: unexpected for 5xx, bad-request for 4xx', async () => {
    let response = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const { client, invalidCount } = setup(() => response());
    await expect(client.call(openGet)).rejects.toMatchObject({ code: 'unexpected', status: 502 });
    response = () => json({ code: 'teapot', message: 'short and stout' }, 418);
    await expect(client.call(openGet)).rejects.toMatchObject({
      code: 'bad-request',
      status: 418,
      message: 'short and stout',
    });
    response = () => new Response('nope', { status: 404, statusText: 'Not Found' });
    await expect(client.call(openGet)).rejects.toMatchObject({
      code: 'bad-request',
      status: 404,
      message: 'Not Found',
    });
    expect(invalidCount()).toBe(0);
  });

  it('a fetch that throws becomes NetworkError("Network Error")', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client.call(openGet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network Error');
  });

  it('an abort rethrows the AbortError', async () => {
    const controller = new AbortController();
    const { client } = setup(
      (call) =>
        new Promise<Response>((_, reject) => {
          // Like the real fetch: reject with the signal's reason, at once if already aborted.
          const signal = call.init.signal;
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener('abort', () => reject(signal.reason));
          started.resolve();
        }),
    );
    const started = deferred<void>();
    const pending = client.call(openGet, {}, { signal: controller.signal });
    await started.promise;
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
    // Aborted before the request starts: same error, and no network call.
    const before = setup();
    const aborted = new AbortController();
    aborted.abort();
    await expect(before.client.call(openGet, {}, { signal: aborted.signal })).rejects.toMatchObject(
      {
        name: 'AbortError',
      },
    );
    expect(before.calls).toHaveLength(0);
  });
});

describe('private requests', () => {
  it('without a token: no network call, ApiError unauthenticated 401, session marked invalid', async () => {
    const { client, calls, invalidCount } = setup();
    const error = await client.call(privateGet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(calls).toHaveLength(0);
    expect(invalidCount()).toBe(1);
  });

  it('with an expired token: no network call either, and the expired token is removed', async () => {
    const { client, calls } = setup(undefined, { token: jwtFor(1, -5) });
    await expect(client.call(privateGet)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(calls).toHaveLength(0);
    expect(client.tokens.get()).toBeNull();
  });

  it('a caller may mark an open endpoint private: then it waits for a session too', async () => {
    const { client, calls, invalidCount } = setup();
    await expect(client.call(openGet, {}, { private: true })).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 401,
    });
    expect(calls).toHaveLength(0);
    expect(invalidCount()).toBe(1);
  });

  it('with a valid token the request goes out with Authorization', async () => {
    const token = jwtFor(1);
    const { client, apiCalls } = setup(() => json({ token }), { token });
    await client.call(privateGet);
    expect(apiCalls()[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });
});
