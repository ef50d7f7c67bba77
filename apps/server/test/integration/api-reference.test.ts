import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  API_ERROR_CODES,
  API_PREFIX,
  ENDPOINTS,
  VALIDATION_CODES,
  errorBodySchema,
} from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui/messages';
import { API_SECURITY_HEADERS } from '../../src/security-headers';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * The API reference of the real server (issue 17): the document at /api/v1/openapi.json covers
 * every contract of the registry, and the readable page at /api/docs is there on a developer's
 * machine but not in production.
 */
type Operation = {
  operationId: string;
  responses: Record<string, unknown>;
  'x-access': unknown;
  'x-errors': Record<string, string[]>;
};
type Document = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
};

let local: TestServer;
let production: TestServer;
let document: Document;

beforeAll(async () => {
  [local, production] = await Promise.all([
    startTestServer(),
    startTestServer({ env: 'production' }),
  ]);
  const response = await fetch(`${local.baseUrl}${API_PREFIX}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await response.json()) as Document;
});
afterAll(() => Promise.all([local?.close(), production?.close()]));

const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
  });

  it('is itself a contract of the registry, open to anyone', () => {
    expect(ENDPOINTS).toContain(API.reference.openapi);
    expect(document.paths['/openapi.json']?.get?.['x-access']).toEqual({ kind: 'anyone' });
  });

  it('has every contract of the registry at its method and path', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const contracts = ENDPOINTS.map(({ method, path }) => `${method} ${openApiPath(path)}`);
    expect(documented.sort()).toEqual([...contracts].sort());
  });

  it('gives every operation its access, its answers and its error answers', () => {
    for (const definition of ENDPOINTS) {
      const name = `${definition.method} ${definition.path}`;
      const operation =
        document.paths[openApiPath(definition.path)]?.[definition.method.toLowerCase()];
      expect(operation?.['x-access'], name).toEqual(definition.access);
      for (const status of Object.keys(definition.responses)) {
        expect(operation?.responses[status], `${name} ${status}`).toBeDefined();
      }
      const errorStatuses = Object.keys(operation?.['x-errors'] ?? {});
      expect(errorStatuses, name).toContain('500');
      for (const status of errorStatuses) {
        expect(operation?.responses[status], `${name} ${status}`).toBeDefined();
      }
      for (const code of definition.errors ?? []) {
        expect(Object.values(operation?.['x-errors'] ?? {}).flat(), name).toContain(code);
      }
      expect(operation?.responses.default, name).toBeDefined();
    }
  });

  it('lists every catalogue code with its Arabic message', () => {
    const { description } = document.info;
    for (const code of new Set([...API_ERROR_CODES, ...VALIDATION_CODES])) {
      const row = description.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row, code).toContain(ERROR_MESSAGES[code].replace(/\s+/g, ' '));
    }
  });

  it('answers the same document in production', async () => {
    const response = await fetch(`${production.baseUrl}${API_PREFIX}/openapi.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Document).paths).toEqual(document.paths);
  });
});

describe('the reference page at /api/docs', () => {
  it('answers HTML with its own content security policy on a local server', async () => {
    const response = await fetch(`${local.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const html = await response.text();
    expect(html).toContain('<div id="swagger-ui">');
    // No inline script: every script is a file of the page's own origin.
    expect(html.match(/<script(?![^>]*\bsrc=)/g)).toBeNull();
  });

  it('serves its files from this server and reads the contract endpoint', async () => {
    const bundle = await fetch(`${local.baseUrl}/api/docs/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    await bundle.arrayBuffer();
    const start = await fetch(`${local.baseUrl}/api/docs/static/swagger-initializer.js`);
    expect(await start.text()).toContain(`"${API_PREFIX}/openapi.json"`);
  });

  it("leaves the API's own policy as it was", async () => {
    const response = await fetch(`${local.baseUrl}${API_PREFIX}/health`);
    expect(response.headers.get('content-security-policy')).toBe(
      API_SECURITY_HEADERS['content-security-policy'],
    );
  });

  it('is not found in production', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await fetch(`${production.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(errorBodySchema.parse(await response.json()).code).toBe('not-found');
    }
  });
});
