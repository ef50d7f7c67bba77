import { STORAGE_KEYS } from '@talaqa/domain';
import { describe, expect, it, vi } from 'vitest';
import { ContractViolation, createApiClient, createMemoryStorage } from '../src/index';
import { createUser, listPlans, openGet, openLesson, openPost } from './contracts';
import { NOW_MS, deferred, fakeFetch, json, jwtFor } from './helpers';
import type { FetchCall } from './helpers';

const REFRESH_URL = 'http://api.test/api/v1/auth/refresh-token';

function setup(
  refresh: (call: FetchCall) => Response | Promise<Response>,
  token: { type: 'Bearer' | 'Basic'; value: string } | null = {
    type: 'Bearer',
    value: jwtFor(1),
  },
  validateResponses = false,
) {
  const storage = createMemoryStorage();
  if (token) storage.setItem(STORAGE_KEYS.authToken, JSON.stringify(token));
  const { fetch, calls } = fakeFetch((call) =>
    call.url === REFRESH_URL ? refresh(call) : json({ ok: true }),
  );
  const onSessionInvalid = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test',
    storage,
    sessionStorage: createMemoryStorage(),
    fetch,
    now: () => NOW_MS,
    onSessionInvalid,
    validateResponses,
  });
  const refreshCalls = () => calls.filter((c) => c.url === REFRESH_URL);
  return { client, calls, refreshCalls, storage, onSessionInvalid };
}

describe('one refresh per session', () => {
  it('ten concurrent requests cause exactly one refresh, run first; never a second one', async () => {
    const oldToken = jwtFor(1);
    const newToken = jwtFor(1, 7200);
    const gate = deferred<void>();
    const { client, calls, refreshCalls } = setup(async () => {
      await gate.promise;
      return json({ token: newToken });
    });
    expect(client.tokens.get()?.value).toBe(oldToken);

    const requests = Array.from({ length: 10 }, (_, i) =>
      client.call(openLesson, { params: { id: i } }),
    );
    await new Promise((r) => setTimeout(r, 10));
    // Everybody waits for the refresh: nothing else went out yet.
    expect(calls.map((c) => c.url)).toEqual([REFRESH_URL]);
    gate.resolve();
    await Promise.all(requests);

    expect(refreshCalls()).toHaveLength(1);
    const [refresh, ...rest] = calls;
    expect(refresh?.method).toBe('POST');
    expect(refresh?.init.body).toBeUndefined();
    expect(refresh?.init.credentials).toBe('include');
    expect(refresh?.headers.get('authorization')).toBe(`Bearer ${oldToken}`);
    expect(rest).toHaveLength(10);
    for (const call of rest) expect(call.headers.get('authorization')).toBe(`Bearer ${newToken}`);

    await client.call(openGet);
    await expect(client.refreshSession()).resolves.toBe('refreshed');
    await client.call(openPost, { body: {} });
    expect(refreshCalls()).toHaveLength(1);
  });

  it('refreshSession() at app start runs it; the first request does not run another', async () => {
    const { client, refreshCalls } = setup(() => json({ token: jwtFor(1, 9000) }));
    const [a, b] = await Promise.all([client.refreshSession(), client.refreshSession()]);
    expect([a, b]).toEqual(['refreshed', 'refreshed']);
    await client.call(openGet);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('success stores the new token, in the same storage', async () => {
    const newToken = jwtFor(1, 7200);
    const { client, storage } = setup(() => json({ token: newToken }));
    await expect(client.refreshSession()).resolves.toBe('refreshed');
    expect(client.tokens.get()).toEqual({ type: 'Bearer', value: newToken });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authToken) ?? 'null')).toEqual({
      type: 'Bearer',
      value: newToken,
    });
  });

  it.each([
    ['without checking answers (production: no schema loaded)', false],
    ['checking answers through the loaded contract', true],
  ])(
    'reads the answer as its contract says, %s: no `token`, nothing stored, old token kept',
    async (_mode, validateResponses) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const oldToken = jwtFor(1);
      const { client, onSessionInvalid } = setup(
        () => json({ accessToken: jwtFor(1, 7200) }),
        undefined,
        validateResponses,
      );
      await expect(client.refreshSession()).resolves.toBe('failed');
      expect(client.tokens.get()?.value).toBe(oldToken);
      expect(onSessionInvalid).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[1]).toBeInstanceOf(ContractViolation);
      warn.mockRestore();
    },
  );

  it('checking answers, a fresh token the contract accepts is stored', async () => {
    const newToken = jwtFor(1, 7200);
    const { client } = setup(() => json({ token: newToken }), undefined, true);
    await expect(client.refreshSession()).resolves.toBe('refreshed');
    expect(client.tokens.get()).toEqual({ type: 'Bearer', value: newToken });
  });

  it('401 marks the session invalid; requests continue without Authorization', async () => {
    const { client, calls, onSessionInvalid } = setup(() =>
      json({ code: 'unauthenticated', message: 'expired' }, 401),
    );
    await client.call(listPlans);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(client.tokens.get()).toBeNull();
    expect(calls[1]?.headers.has('authorization')).toBe(false);
    await expect(client.refreshSession()).resolves.toBe('invalid');
  });

  it('a network failure keeps the old token, and it is not retried', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const oldToken = jwtFor(1);
    const { client, calls, refreshCalls, onSessionInvalid } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await client.call(openGet);
    await client.call(listPlans);
    expect(client.tokens.get()?.value).toBe(oldToken);
    expect(onSessionInvalid).not.toHaveBeenCalled();
    expect(refreshCalls()).toHaveLength(1);
    expect(calls[1]?.headers.get('authorization')).toBe(`Bearer ${oldToken}`);
    await expect(client.refreshSession()).resolves.toBe('failed');
    warn.mockRestore();
  });

  it('a server error keeps the old token', async () => {
    const oldToken = jwtFor(1);
    const { client } = setup(() => json({ code: 'unexpected' }, 500));
    await expect(client.refreshSession()).resolves.toBe('failed');
    expect(client.tokens.get()?.value).toBe(oldToken);
  });

  it('a hanging refresh gives up after the timeout and keeps the old token', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const oldToken = jwtFor(1);
      const { client } = setup(
        (call) =>
          new Promise<Response>((_, reject) => {
            call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason));
          }),
      );
      const outcome = client.refreshSession();
      await vi.advanceTimersByTimeAsync(20_000);
      await expect(outcome).resolves.toBe('failed');
      expect(client.tokens.get()?.value).toBe(oldToken);
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('no refresh without a bearer token (none, Basic, or expired)', async () => {
    for (const token of [
      null,
      { type: 'Basic' as const, value: 'dTpw' },
      { type: 'Bearer' as const, value: jwtFor(1, -1) },
    ]) {
      const { client, refreshCalls } = setup(() => json({ token: 'x' }), token);
      await client.call(listPlans);
      await expect(client.refreshSession()).resolves.toBe('skipped');
      expect(refreshCalls()).toHaveLength(0);
    }
  });

  it('a sign-in after the first request never triggers a refresh', async () => {
    const { client, refreshCalls } = setup(() => json({ token: 'x' }), null);
    await client.call(createUser, { body: { name: 'منى' } });
    client.tokens.setBearer(jwtFor(5));
    await client.call(openGet);
    expect(refreshCalls()).toHaveLength(0);
  });
});
