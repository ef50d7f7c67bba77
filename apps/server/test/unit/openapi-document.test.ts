import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_PREFIX,
  Role,
  admins,
  anyone,
  endpoint,
  idParamsSchema,
  noContent,
  rolesOnly,
  SERVER_TO_CLIENT,
  CLIENT_TO_SERVER,
  signedIn,
} from '@talaqa/domain';
import type { App } from '../../src/app';
import { serve } from '../../src/http/endpoint';
import { openApiDocument } from '../../src/modules/reference';

/**
 * The document made from contracts of every kind the registry will hold (roles, params, query,
 * idempotent bodies, uploads, 204s, provider callbacks), served by `serve()` on a bare Fastify:
 * what the reference says about each comes from its contract alone.
 */
const lessonSchema = z.object({ id: z.number(), start: z.string() });

const registry = {
  lessons: {
    book: endpoint({
      method: 'POST',
      path: '/lesson/:id/book',
      summary: 'Books a lesson',
      access: rolesOnly(Role.Student),
      params: idParamsSchema,
      query: z.object({ notify: z.enum(['true', 'false']).optional() }),
      body: z.object({ idempotencyKey: z.string(), start: z.string() }),
      responses: { 201: lessonSchema },
      errors: ['lesson-not-found', 'busy-tutor', 'no-enough-minutes'],
      idempotent: true,
    }),
    cancel: endpoint({
      method: 'DELETE',
      path: '/lesson/:id',
      summary: 'Cancels a lesson',
      access: signedIn,
      params: idParamsSchema,
      responses: { 204: noContent },
    }),
  },
  assets: {
    upload: endpoint({
      method: 'POST',
      path: '/asset/image/',
      summary: 'Uploads an image',
      access: admins,
      upload: { field: 'file', accept: ['image/png', 'image/jpeg'], maxBytes: 5_000_000 },
      responses: { 201: lessonSchema },
    }),
    feed: endpoint({
      method: 'GET',
      path: '/calendar/:token.ics',
      summary: 'A calendar feed',
      access: anyone,
      params: z.object({ token: z.string() }),
      responses: { 200: z.string() },
      external: true,
    }),
  },
};

const outsider = endpoint({
  method: 'GET',
  path: '/probe/served',
  summary: 'A probe outside the registry',
  access: anyone,
  responses: { 200: lessonSchema },
});

type Operation = {
  operationId: string;
  tags: string[];
  description: string;
  security?: unknown;
  parameters?: { in: string; name: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown; encoding?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: unknown; example?: unknown }> }
  >;
  'x-access': unknown;
  'x-errors': Record<string, string[]>;
};
type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { type?: string; properties?: Record<string, unknown> }> };
};

let document: Document;
const operation = (path: string, method: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

beforeAll(async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openApiDocument, { registry });
  await app.register(
    async (api) => {
      for (const group of Object.values(registry)) {
        for (const definition of Object.values(group)) {
          serve(api as App, definition, async () => ({ id: 1, start: '' }) as never);
        }
      }
      api.get('/probe', async () => 'not a contract');
      // A test's probe served from a contract of its own, outside the registry.
      serve(api as App, outsider, async () => ({ id: 1, start: '' }));
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  document = structuredClone(app.swagger()) as unknown as Document;
  await app.close();
});

describe('the OpenAPI document of the contracts', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
  });

  it('has each contract at its path, relative to the API prefix, and nothing else', () => {
    expect(document.servers).toEqual([{ url: API_PREFIX }]);
    expect(Object.keys(document.paths).sort()).toEqual(
      ['/asset/image/', '/calendar/{token}.ics', '/lesson/{id}', '/lesson/{id}/book'].sort(),
    );
    expect(Object.keys(document.paths['/lesson/{id}'] ?? {})).toEqual(['delete']);
  });

  it('names each operation by its group and key in the registry, tagged by group', () => {
    expect(operation('/lesson/{id}/book', 'post')).toMatchObject({
      operationId: 'lessons.book',
      tags: ['lessons'],
    });
    expect(operation('/asset/image/', 'post').operationId).toBe('assets.upload');
    expect(document.tags.map((tag) => tag.name)).toEqual(['lessons', 'assets']);
  });

  it('states the access rule as data, as a sentence and as the security requirement', () => {
    const book = operation('/lesson/{id}/book', 'post');
    expect(book['x-access']).toEqual({ kind: 'roles', roles: [Role.Student] });
    expect(book.description).toContain('Roles: student (4)');
    expect(book.security).toEqual([{ bearerAuth: [] }]);

    const cancel = operation('/lesson/{id}', 'delete');
    expect(cancel.description).toContain('Any signed-in account');
    expect(cancel.security).toEqual([{ bearerAuth: [] }]);

    const upload = operation('/asset/image/', 'post');
    expect(upload.description).toContain('Roles: super admin (1), regular admin (2)');

    const feed = operation('/calendar/{token}.ics', 'get');
    expect(feed.description).toContain('Anyone');
    expect(feed['x-access']).toEqual({ kind: 'anyone' });
    expect(feed.security).toBeUndefined();
  });

  it("lists the contract's errors and the ones its shape implies, each under its status", () => {
    const book = operation('/lesson/{id}/book', 'post');
    expect(book['x-errors']).toEqual({
      '400': ['bad-request'],
      '401': ['unauthenticated'],
      '403': ['forbidden'],
      '404': ['lesson-not-found'],
      '409': ['busy-tutor'],
      '422': ['no-enough-minutes'],
      '500': ['unexpected'],
      '503': ['service-unavailable'],
    });
    for (const status of Object.keys(book['x-errors'])) {
      const response = book.responses[status];
      expect(response?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
      for (const code of book['x-errors'][status] ?? []) {
        expect(response?.description).toContain(`\`${code}\``);
      }
    }
    expect(book.responses['409']?.content?.['application/json']?.example).toEqual({
      code: 'busy-tutor',
      message: 'Request failed: busy-tutor',
    });
    expect(book.responses.default?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    // No input, no role: neither a 400 nor a 403 is promised.
    expect(Object.keys(operation('/lesson/{id}', 'delete')['x-errors'])).toEqual([
      '400',
      '401',
      '500',
      '503',
    ]);
  });

  it('answers each success with its schema, a 204 with nothing', () => {
    const book = operation('/lesson/{id}/book', 'post');
    expect(book.responses['201']?.description).toBe('Created');
    expect(book.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['id', 'start'],
    });
    const cancel = operation('/lesson/{id}', 'delete').responses['204'];
    expect(cancel).toEqual({ description: 'No content' });
  });

  it('asks for the Idempotency-Key header on an idempotent endpoint only', () => {
    const header = (op: Operation) => op.parameters?.find((parameter) => parameter.in === 'header');
    expect(header(operation('/lesson/{id}/book', 'post'))).toMatchObject({
      name: 'Idempotency-Key',
      required: false,
    });
    expect(header(operation('/lesson/{id}', 'delete'))).toBeUndefined();
    const names = operation('/lesson/{id}/book', 'post').parameters?.map(
      (p) => `${p.in} ${p.name}`,
    );
    expect(names?.sort()).toEqual(['header Idempotency-Key', 'path id', 'query notify']);
  });

  it('documents an upload as a multipart body with its accepted types', () => {
    const upload = operation('/asset/image/', 'post');
    const body = upload.requestBody?.content['multipart/form-data'];
    expect(body?.schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(body?.encoding).toEqual({ file: { contentType: 'image/png, image/jpeg' } });
    expect(upload['x-errors']['413']).toEqual(['large-file-size']);
    expect(upload.description).toContain('multipart/form-data');
  });

  it('marks a provider callback as external', () => {
    expect(operation('/calendar/{token}.ics', 'get').description).toContain('**External:**');
  });

  it('carries the payload schema of every realtime event', () => {
    for (const event of Object.keys(SERVER_TO_CLIENT)) {
      expect(document.components.schemas[`realtime.${event}`], event).toBeDefined();
    }
    expect(document.components.schemas['realtime.LessonCanceled']?.properties).toHaveProperty(
      'lesson',
    );
    for (const event of Object.keys(CLIENT_TO_SERVER)) {
      expect(document.components.schemas[`realtime.client.${event}`], event).toBeDefined();
      expect(document.components.schemas[`realtime.client.${event}.ack`], event).toBeDefined();
    }
    expect(document.components.schemas['realtime.client.SendMessage']?.properties).toHaveProperty(
      'clientId',
    );
  });
});
