import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorBody } from '@talaqa/domain';
import type { App } from '../../src/app';
import { anyone } from '../../src/http/access';
import { AppError } from '../../src/errors';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/** Throwaway routes that fail in each way the error handler must cover. */
function addProbeRoutes(app: App): void {
  app.post(
    '/api/v1/test/validate',
    {
      config: { access: anyone },
      schema: {
        body: z.object({
          email: z.email('invalid-email'),
          name: z.string().min(2, 'name-too-short'),
          age: z.number(),
        }),
      },
    },
    async (request) => ({ ok: request.body.email }),
  );
  app.get('/api/v1/test/app-error', { config: { access: anyone } }, async () => {
    throw new AppError('plan-not-found');
  });
  app.get('/api/v1/test/boom', { config: { access: anyone } }, async () => {
    throw new Error('internal detail at /srv/secret/path.ts');
  });
  app.get('/api/v1/test/sql', { config: { access: anyone } }, async () => {
    await app.database.db.execute(sql`select password_hash from no_such_table where id = ${42}`);
    return { ok: true };
  });
}

let server: TestServer;
const url = (path: string): string => `${server.baseUrl}${path}`;

async function errorOf(response: Response): Promise<ErrorBody> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as ErrorBody;
}

beforeAll(async () => {
  server = await startTestServer({}, { beforeReady: addProbeRoutes });
});
afterAll(() => server.close());

describe('health', () => {
  it(`reports the database up on ${testDriver}`, async () => {
    const response = await fetch(url('/api/v1/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: testDriver },
    });
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 not-found', async () => {
    const response = await fetch(url('/api/v1/no/such/route'));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: 'not-found', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 bad-request', async () => {
    const response = await fetch(url('/api/v1/test/validate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('bad-request');
  });

  it('answers an unsupported content type with 400 bad-request', async () => {
    const response = await fetch(url('/api/v1/test/validate'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'x',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('bad-request');
  });

  it('answers a validation failure with the validation code and the fields', async () => {
    const response = await fetch(url('/api/v1/test/validate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', name: 'x' }),
    });
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body.code).toBe('invalid-email');
    expect(body.fields).toEqual([
      { path: 'email', code: 'invalid-email' },
      { path: 'name', code: 'name-too-short' },
      { path: 'age', code: 'required' },
    ]);
  });

  it('passes a valid body through', async () => {
    const response = await fetch(url('/api/v1/test/validate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', name: 'سارة', age: 20 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: 'a@b.co' });
  });

  it('answers an oversized body with 413 large-file-size', async () => {
    const response = await fetch(url('/api/v1/test/validate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('large-file-size');
  });

  it("answers an AppError with its code's status", async () => {
    const response = await fetch(url('/api/v1/test/app-error'));
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('plan-not-found');
  });

  it('answers an unexpected throw with 500 unexpected and no internals', async () => {
    const response = await fetch(url('/api/v1/test/boom'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 'unexpected', message: expect.any(String) });
    expect(text).not.toMatch(/internal detail|secret|\.ts|at /);
  });

  it('answers a failing SQL statement with 500 and no SQL text', async () => {
    const response = await fetch(url('/api/v1/test/sql'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'unexpected' });
    expect(text).not.toMatch(/select|no_such_table|password_hash|relation|query/i);
  });
});

describe('headers', () => {
  it('sends no x-powered-by and the security headers of an API', async () => {
    const response = await fetch(url('/api/v1/health'));
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    // Headers that only mean something for an HTML page are not sent with JSON.
    expect(response.headers.get('x-dns-prefetch-control')).toBeNull();
    expect(response.headers.get('x-xss-protection')).toBeNull();
  });

  it('sends the security headers with errors too', async () => {
    const response = await fetch(url('/api/v1/nowhere'));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('echoes a sane x-request-id, on errors too', async () => {
    const response = await fetch(url('/api/v1/nowhere'), {
      headers: { 'x-request-id': 'abc-123.DEF' },
    });
    expect(response.headers.get('x-request-id')).toBe('abc-123.DEF');
  });

  it('replaces an insane x-request-id with a fresh uuid', async () => {
    const response = await fetch(url('/api/v1/health'), {
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(url('/api/v1/health'), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('allows a configured origin, with credentials', async () => {
    const response = await preflight('http://localhost:4100');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4100');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('answers a preflight with the methods, the asked headers and how long to keep them', async () => {
    const response = await preflight('http://localhost:4100');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('content-length')).toBe('0');
  });

  it('gives another origin no allow header', async () => {
    const response = await preflight('http://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses an OPTIONS request that is no preflight', async () => {
    const response = await fetch(url('/api/v1/health'), { method: 'OPTIONS' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad-request' });
  });

  it('lets an allowed origin read the answer and the request id, with credentials', async () => {
    const response = await fetch(url('/api/v1/health'), {
      headers: { origin: 'http://localhost:4100' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4100');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-expose-headers')).toBe('x-request-id, date');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('lets no other origin read an answer, and says answers vary by origin', async () => {
    const asked: Record<string, string>[] = [{ origin: 'http://evil.example' }, {}];
    for (const headers of asked) {
      const response = await fetch(url('/api/v1/health'), { headers });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBeNull();
      expect(response.headers.get('vary')).toContain('Origin');
    }
  });
});
