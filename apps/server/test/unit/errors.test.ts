import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, toErrorBody } from '../../src/errors';

const fastifyError = (statusCode: number, code = 'FST_SOMETHING', message = 'fastify text') =>
  Object.assign(new Error(message), { statusCode, code });

describe('toErrorBody', () => {
  it('keeps an AppError code and message', () => {
    expect(toErrorBody(new AppError('plan-not-found'))).toEqual({
      code: 'plan-not-found',
      message: expect.any(String),
    });
  });

  it.each([
    [400, 'bad-request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [413, 'large-file-size'],
    [415, 'bad-request'],
    [429, 'too-many-requests'],
    [503, 'service-unavailable'],
    [500, 'unexpected'],
  ])('maps a framework %i to %s', (status, code) => {
    expect(toErrorBody(fastifyError(status)).code).toBe(code);
  });

  it('never passes on the text of a 5xx framework error', () => {
    expect(toErrorBody(fastifyError(500, 'FST_X', 'internal')).message).not.toContain('internal');
  });

  it('answers anything else as unexpected without its text', () => {
    const body = toErrorBody(new Error('duplicate key value violates unique constraint "x"'));
    expect(body).toEqual({ code: 'unexpected', message: 'Unexpected error' });
  });

  it('reads validation codes from a ZodError thrown in a handler', () => {
    const result = z
      .object({ email: z.email('invalid-email'), bio: z.string() })
      .safeParse({ email: 'x', bio: 1 });
    expect(result.success).toBe(false);
    expect(toErrorBody(result.error)).toEqual({
      code: 'invalid-email',
      message: expect.any(String),
      fields: [
        { path: 'email', code: 'invalid-email' },
        { path: 'bio', code: 'invalid-type' },
      ],
    });
  });

  it('uses bad-request when the first issue carries no known code', () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(toErrorBody(result.error).code).toBe('bad-request');
  });
});

describe('a database that cannot be reached', () => {
  const withCode = (code: string, message = 'driver text') =>
    Object.assign(new Error(message), { code });
  const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection, wrapped by Drizzle', wrapped(withCode('ECONNRESET'))],
    ['a server shutting down', wrapped(withCode('57P01'))],
    ['a server starting up', withCode('57P03')],
    ['a connection exception', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['a connection that broke', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('answers 503 service-unavailable for %s', (_name, error) => {
    expect(toErrorBody(error)).toEqual({
      code: 'service-unavailable',
      message: 'Service unavailable',
    });
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('keeps %s a 500 unexpected', (_name, error) => {
    expect(toErrorBody(error).code).toBe('unexpected');
  });
});
