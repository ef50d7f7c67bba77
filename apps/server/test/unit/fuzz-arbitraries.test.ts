import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  anyone,
  bookLessonBodySchema,
  couponSchema,
  endpoint,
  idParamsSchema,
  lessonListQuerySchema,
  noContent,
  planSchema,
  ratingSchema,
  registerSchema,
  rolesOnly,
  Role,
  signedIn,
  transactionListQuerySchema,
  tutorProfileSchema,
  userListQuerySchema,
  withdrawalRequestSchema,
} from '@talaqa/domain';
import type { EndpointDefinition } from '@talaqa/domain';
import { accepts, keysOf, validValues } from '../fuzz/arbitraries';
import { INT32_MAX } from '../fuzz/hostile';
import { describeRequest, hostileRequests, validRequests, wireText } from '../fuzz/requests';
import type { FuzzRequest } from '../fuzz/requests';
import { problemsOf } from '../fuzz/verdict';

const now = new Date('2026-11-26T10:00:00Z');
const valid = validValues({ now });
const SEED = 17;

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200): T[] =>
  fc.sample(arbitrary, { seed: SEED, numRuns });

const shareAccepted = (schema: z.ZodType, numRuns = 200): number =>
  sample(valid(schema), numRuns).filter((value) => accepts(schema, value)).length / numRuns;

describe('valid values from a schema walk', () => {
  const constructs: [string, z.ZodType][] = [
    [
      'object with required and optional fields',
      z.object({ a: z.string(), b: z.number().optional() }),
    ],
    ['string with bounds', z.string().min(3).max(5)],
    ['string of exact length', z.string().length(4)],
    ['string with a pattern', z.string().regex(/^[A-Z]{2}-\d{3}$/)],
    ['e-mail', z.email()],
    ['uuid', z.uuid()],
    ['ISO instant', z.iso.datetime()],
    ['ISO date', z.iso.date()],
    ['integer with bounds', z.number().int().min(-3).max(7)],
    ['number with exclusive bounds', z.number().gt(0).lt(1)],
    ['positive integer without a maximum', z.int().positive()],
    ['boolean', z.boolean()],
    ['enum', z.enum(['a', 'b'])],
    ['literals', z.literal([1, 2, 3])],
    ['array with bounds', z.array(z.int()).min(1).max(4)],
    ['union', z.union([z.string().min(1), z.number()])],
    [
      'discriminated union',
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), x: z.int() }),
        z.object({ kind: z.literal('b'), y: z.string() }),
      ]),
    ],
    ['nullable', z.string().nullable()],
    ['default', z.number().int().default(3)],
    ['preprocess', z.preprocess((v) => (v === '' ? undefined : v), z.int().optional())],
    ['coerced number piped into literals', z.coerce.number().pipe(z.literal([0, 1, 2]))],
    [
      'transform',
      z
        .string()
        .min(2)
        .transform((v) => v.length),
    ],
    ['refinement an example satisfies', z.string().refine((v) => v.includes('@'))],
    ['record', z.record(z.string(), z.int())],
    ['tuple', z.tuple([z.string(), z.boolean()])],
    ['intersection', z.intersection(z.object({ a: z.int() }), z.object({ b: z.string() }))],
  ];

  it.each(constructs)('reads %s', (_name, schema) => {
    expect(shareAccepted(schema)).toBe(1);
  });

  it('reads the API request schemas, refinements included, almost always', () => {
    const schemas = {
      bookLessonBodySchema,
      registerSchema,
      lessonListQuerySchema,
      userListQuerySchema,
      transactionListQuerySchema,
      ratingSchema,
      planSchema,
      tutorProfileSchema,
      coupon: couponSchema(now),
      withdrawal: withdrawalRequestSchema(),
    };
    const shares = Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, shareAccepted(schema, 100)]),
    );
    for (const share of Object.values(shares)) expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves optional fields out sometimes and required ones never', () => {
    const values = sample(valid(z.object({ a: z.string(), b: z.int().optional() })));
    expect(values.every((value) => typeof (value as { a?: unknown }).a === 'string')).toBe(true);
    expect(values.some((value) => !('b' in (value as object)))).toBe(true);
    expect(values.some((value) => 'b' in (value as object))).toBe(true);
  });

  it('repeats a field in its confirmation', () => {
    const values = sample(valid(registerSchema), 50) as Record<string, unknown>[];
    expect(values.every((value) => value.password === value.passwordConfirmation)).toBe(true);
  });

  it('goes through a query string and back', () => {
    for (const value of sample(valid(lessonListQuerySchema), 100)) {
      const text = new URLSearchParams(
        Object.entries(value as object)
          .filter(([, field]) => field !== undefined)
          .map(([key, field]): [string, string] => [key, wireText(field)]),
      );
      expect(accepts(lessonListQuerySchema, Object.fromEntries(text))).toBe(true);
    }
  });

  it('names the keys of an object schema through wrappers', () => {
    expect(keysOf(lessonListQuerySchema)).toEqual(expect.arrayContaining(['page', 'size', 'when']));
    expect(keysOf(z.object({ a: z.int() }).optional())).toEqual(['a']);
    expect(keysOf(z.string())).toEqual([]);
  });
});

const lessonGet = endpoint({
  method: 'GET',
  path: '/lesson/:id',
  summary: 'A lesson',
  access: signedIn,
  params: idParamsSchema,
  query: lessonListQuerySchema,
  responses: { 200: z.object({ id: z.number() }) },
});

const lessonBook = endpoint({
  method: 'POST',
  path: '/lesson/',
  summary: 'Book a lesson',
  access: rolesOnly(Role.Student),
  body: bookLessonBodySchema,
  responses: { 201: z.object({ id: z.number() }) },
  idempotent: true,
});

describe('requests from a contract', () => {
  it('fills the path with valid params', () => {
    for (const request of sample(validRequests(lessonGet, valid), 50)) {
      expect(request.path).toMatch(/^\/lesson\/\d+$/);
      expect(request.hostility).toBe('');
    }
  });

  it('sends a valid JSON body and an idempotency key', () => {
    for (const request of sample(validRequests(lessonBook, valid), 50)) {
      expect(request.body?.kind).toBe('json');
      expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('breaks requests in every way the issue names', () => {
    const requests = [
      ...sample(hostileRequests(lessonGet, valid), 1500),
      ...sample(hostileRequests(lessonBook, valid), 1500),
    ];
    const texts = requests.map((request) => describeRequest(request));
    const bodies = requests.map(({ body }) => {
      if (body?.kind === 'json') return JSON.stringify(body.value) ?? '';
      return body?.kind === 'raw' ? body.text : '';
    });
    const anyText = (test: (text: string) => boolean) => texts.some(test);
    const anyBody = (test: (body: string) => boolean) => bodies.some(test);
    const anyRequest = (test: (request: FuzzRequest) => boolean) => requests.some(test);
    // Boundary ids in paths, queries and bodies.
    expect(anyRequest((r) => r.path === `/lesson/${INT32_MAX + 1}`)).toBe(true);
    expect(anyRequest((r) => r.path === `/lesson/${INT32_MAX}`)).toBe(true);
    expect(anyBody((b) => b.includes(String(2 ** 53)))).toBe(true);
    expect(anyRequest((r) => r.path === '/lesson/-1' || r.path === '/lesson/0')).toBe(true);
    // NUL and other control characters, long and Arabic text.
    expect(anyBody((b) => b.includes('\\u0000'))).toBe(true);
    expect(anyRequest((r) => r.query.some(([, v]) => v.includes('\u0000')))).toBe(true);
    expect(anyBody((b) => b.length > 10_000)).toBe(true);
    expect(anyBody((b) => /[\u0600-\u06ff]{5}/.test(b))).toBe(true);
    // Wrong types, missing and extra fields, raw bodies.
    expect(anyText((t) => t.includes('removed'))).toBe(true);
    expect(anyText((t) => t.includes('extra key'))).toBe(true);
    expect(anyText((t) => t.includes('body replaced'))).toBe(true);
    expect(anyText((t) => t.includes('raw body'))).toBe(true);
    // Huge pages and odd path segments.
    expect(anyRequest((r) => r.query.some(([k, v]) => k === 'page' && v === '2147483648'))).toBe(
      true,
    );
    expect(anyRequest((r) => r.path === '/lesson/%00')).toBe(true);
    expect(anyRequest((r) => r.path === '/lesson/..')).toBe(true);
    expect(anyRequest((r) => r.unroutable)).toBe(true);
    expect(anyText((t) => t.includes('idempotency-key'))).toBe(true);
  });

  it('is the same for the same seed', () => {
    const once = sample(hostileRequests(lessonBook, valid), 20).map(describeRequest);
    const twice = sample(hostileRequests(lessonBook, valid), 20).map(describeRequest);
    expect(once).toEqual(twice);
  });
});

describe('the verdict on an answer', () => {
  const request = sample(validRequests(lessonGet, valid), 1)[0] as FuzzRequest;
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json; charset=utf-8',
    text: JSON.stringify(body),
  });
  const judge = (
    answer: ReturnType<typeof json>,
    role: Role | null = Role.Student,
    target: EndpointDefinition = lessonGet,
  ) => problemsOf({ endpoint: target, role, request, answer });

  it('accepts a declared answer and a catalogue error with its status', () => {
    expect(judge(json(200, { id: 1, extra: 'dropped by the schema' }))).toEqual([]);
    expect(judge(json(404, { code: 'lesson-not-found', message: 'No' }))).toEqual([]);
    expect(
      judge(
        json(400, {
          code: 'invalid-type',
          message: 'x',
          fields: [{ path: 'id', code: 'invalid-type' }],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a server fault, an undeclared status and a broken answer', () => {
    expect(judge(json(500, { code: 'unexpected', message: 'x' }))).toHaveLength(1);
    expect(judge(json(201, { id: 1 }))[0]).toMatch(/not declared/);
    expect(judge(json(200, { id: 'one' }))[0]).toMatch(/schema/);
    expect(judge({ status: 400, contentType: 'text/html', text: '<h1>' })[0]).toMatch(/not JSON/);
  });

  it('refuses an error code answered with another status, or not in the catalogue', () => {
    expect(judge(json(400, { code: 'lesson-not-found', message: 'x' }))[0]).toMatch(
      /belongs with 404/,
    );
    expect(judge(json(400, { code: 'no-such-code', message: 'x' }))[0]).toMatch(/error schema/);
  });

  it('wants 401 for a stranger and 403 for another role, before validation', () => {
    expect(judge(json(400, { code: 'invalid-type', message: 'x' }), null)[0]).toMatch(/refuses/);
    expect(judge(json(401, { code: 'unauthenticated', message: 'x' }), null)).toEqual([]);
    expect(judge(json(403, { code: 'forbidden', message: 'x' }), Role.Tutor, lessonBook)).toEqual(
      [],
    );
    expect(
      judge(json(404, { code: 'not-found', message: 'x' }), Role.Tutor, lessonBook)[0],
    ).toMatch(/refuses/);
    expect(judge(json(401, { code: 'unauthenticated', message: 'x' }), Role.Student)[0]).toMatch(
      /admits/,
    );
  });

  it('checks only faults and the door of a provider callback', () => {
    const webhook = endpoint({
      method: 'POST',
      path: '/hook',
      summary: 'A provider callback',
      access: anyone,
      responses: { 204: noContent },
      external: true,
    });
    expect(judge({ status: 200, contentType: 'text/plain', text: 'OK' }, null, webhook)).toEqual(
      [],
    );
    expect(judge(json(502, { code: 'fawry-error', message: 'x' }), null, webhook)).toHaveLength(1);
  });
});
