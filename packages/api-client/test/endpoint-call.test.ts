import { z } from 'zod';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  Role,
  STORAGE_KEYS,
  endpoint,
  idParamsSchema,
  noContent,
  refTo,
  rolesOnly,
} from '@talaqa/domain';
import { ContractViolation, createApiClient, createMemoryStorage } from '../src/index';
import { NOW_MS, fakeFetch, json, jwtFor } from './helpers';

const lessonSchema = z.object({ id: z.number(), minutes: z.number() });

const getLesson = endpoint({
  method: 'GET',
  path: '/lesson/:id',
  summary: 'A lesson',
  access: rolesOnly(Role.Student),
  params: idParamsSchema,
  query: z.object({ withTutor: z.boolean().optional() }),
  responses: { 200: lessonSchema },
});

const pay = endpoint({
  method: 'POST',
  path: '/pay',
  summary: 'Pays',
  access: { kind: 'anyone' },
  body: z.object({ idempotencyKey: z.string(), amount: z.number() }),
  idempotent: true,
  responses: { 201: lessonSchema },
});

const forget = endpoint({
  method: 'DELETE',
  path: '/calendar/feed',
  summary: 'Turns the feed off',
  access: { kind: 'signed-in' },
  responses: { 204: noContent },
});

function setup(answer: unknown, status = 200, validateResponses = true) {
  const storage = createMemoryStorage();
  storage.setItem(STORAGE_KEYS.authToken, JSON.stringify({ type: 'Bearer', value: jwtFor(7) }));
  const { fetch, calls } = fakeFetch((call) => {
    if (call.url.endsWith('/auth/refresh-token')) return json({ token: jwtFor(7, 7200) });
    return status === 204 ? new Response(null, { status }) : json(answer, status);
  });
  const client = createApiClient({
    baseUrl: 'http://api.test',
    storage,
    sessionStorage: createMemoryStorage(),
    fetch,
    now: () => NOW_MS,
    validateResponses,
  });
  const apiCalls = () => calls.filter((c) => !c.url.endsWith('/auth/refresh-token'));
  return { client, apiCalls };
}

describe('calling an endpoint by its contract', () => {
  it('builds the path from params, sends the query and reads the typed answer', async () => {
    const { client, apiCalls } = setup({ id: 5, minutes: 30, secret: 'x' });
    const lesson = await client.call(getLesson, { params: { id: 5 }, query: { withTutor: true } });
    expectTypeOf(lesson).toEqualTypeOf<{ id: number; minutes: number }>();
    expect(lesson).toEqual({ id: 5, minutes: 30 });
    const [call] = apiCalls();
    expect(call?.url).toBe('http://api.test/api/v1/lesson/5?withTutor=true');
    expect(call?.init.method).toBe('GET');
  });

  it('sends the idempotency key of the body as the Idempotency-Key header', async () => {
    const { client, apiCalls } = setup({ id: 1, minutes: 60 }, 201);
    await client.call(pay, { body: { idempotencyKey: 'k-1', amount: 100 } });
    const headers = new Headers(apiCalls()[0]?.init.headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(apiCalls()[0]?.init.body).toBe('{"idempotencyKey":"k-1","amount":100}');
  });

  it('answers nothing for a 204 and needs no input when the endpoint takes none', async () => {
    const { client, apiCalls } = setup(null, 204);
    const answer = await client.call(forget);
    expectTypeOf(answer).toEqualTypeOf<void>();
    expect(answer).toBeUndefined();
    expect(apiCalls()[0]?.init.method).toBe('DELETE');
  });

  it('refuses an answer whose shape the contract does not declare', async () => {
    const { client } = setup({ id: 'five' });
    await expect(client.call(getLesson, { params: { id: 5 } })).rejects.toBeInstanceOf(
      ContractViolation,
    );
  });

  it('passes answers through untouched when validation is off', async () => {
    const { client } = setup({ id: 'five' }, 200, false);
    await expect(client.call(getLesson, { params: { id: 5 } })).resolves.toEqual({ id: 'five' });
  });
});

describe('calling an endpoint through its route (no schema loaded to call it)', () => {
  /** `getLesson`'s route, counting how often its contract is loaded. */
  function lessonRoute() {
    const contract = vi.fn(() => Promise.resolve(getLesson));
    const { method, path, access } = getLesson;
    return { ref: refTo<typeof getLesson>({ method, path, access }, contract), contract };
  }

  it('sends what the contract would, typed by the contract', async () => {
    const { client, apiCalls } = setup({ id: 5, minutes: 30 }, 200, false);
    const { ref } = lessonRoute();
    const lesson = await client.call(ref, { params: { id: 5 }, query: { withTutor: true } });
    expectTypeOf(lesson).toEqualTypeOf<{ id: number; minutes: number }>();
    expect(lesson).toEqual({ id: 5, minutes: 30 });
    const [call] = apiCalls();
    expect(call?.url).toBe('http://api.test/api/v1/lesson/5?withTutor=true');
    expect(call?.init.method).toBe('GET');
  });

  it('without checking answers, never loads the contract', async () => {
    const { client } = setup({ id: 'five' }, 200, false);
    const { ref, contract } = lessonRoute();
    await expect(client.call(ref, { params: { id: 5 } })).resolves.toEqual({ id: 'five' });
    expect(contract).not.toHaveBeenCalled();
  });

  it('checking answers, loads the contract and reads the answer through it', async () => {
    const { client } = setup({ id: 5, minutes: 30, secret: 'x' });
    const { ref, contract } = lessonRoute();
    await expect(client.call(ref, { params: { id: 5 } })).resolves.toEqual({ id: 5, minutes: 30 });
    expect(contract).toHaveBeenCalledTimes(1);
  });

  it('checking answers, refuses a shape the loaded contract does not declare', async () => {
    const { client } = setup({ id: 'five' });
    const { ref } = lessonRoute();
    await expect(client.call(ref, { params: { id: 5 } })).rejects.toBeInstanceOf(ContractViolation);
  });
});
