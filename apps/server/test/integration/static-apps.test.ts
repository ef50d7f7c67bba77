import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../../src/config';
import {
  APP_NAMES,
  assertBuilt,
  buildStaticApp,
  buildStaticApps,
  runtimeConfigScript,
  StaticAppsError,
} from '../../src/static-apps';
import type { StaticApp } from '../../src/static-apps';
import type { MarketingSiteSources } from '../../src/marketing-site';
import { writeSiteFixture } from './site-fixture';

const INDEX = '<!doctype html><html lang="ar" dir="rtl"><title>طلاقة</title></html>';
const SCRIPT = runtimeConfigScript({
  port: 4900,
  appPorts: { web: 4910, admin: 4920, landing: 4930 },
  publicUrls: { landing: 'https://talaqa.example' },
  google: {
    clientId: 'client-1',
    jwksUrl: 'http://127.0.0.1:1/certs',
    authUrl: 'https://g.example/auth',
  },
});
const siteSources: MarketingSiteSources = {
  publicPlans: async () => [],
  publicStats: async () => ({ tutors: 0, lessons: 0 }),
  openShortLink: () => Promise.reject(new Error('no short links here')),
};
let root: string;
let server: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'talaqa-static-'));
  const dist = join(root, 'apps', 'web', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dist, 'runtime-config.js'), 'window.__TALAQA_CONFIG__ = {};');
  server = await buildStaticApp('web', dist, pino({ level: 'silent' }), SCRIPT);
  await server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a served single-page app', () => {
  it('answers / with index.html, not cached', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('sends the security headers of an HTML page', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('answers a deep link with index.html and status 200', async () => {
    const response = await fetch(`${baseUrl}/tutor/12/schedule?week=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${baseUrl}/assets/index-3f9a1c.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('caches other files briefly', async () => {
    const response = await fetch(`${baseUrl}/favicon.svg`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await fetch(`${baseUrl}/assets/gone-123.js`);
    expect(response.status).toBe(404);
  });
});

describe('the runtime config of a served app', () => {
  const evaluate = (script: string, hostname: string) => {
    const window: { __TALAQA_CONFIG__?: Record<string, string> } = {};
    runInNewContext(script, { window, location: { protocol: 'http:', hostname } });
    return window.__TALAQA_CONFIG__;
  };

  it('replaces the placeholder file in dist, uncached', async () => {
    const response = await fetch(`${baseUrl}/runtime-config.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(SCRIPT);
  });

  it("points at the page's own host on the configured ports, unless a public URL is set", () => {
    expect(evaluate(SCRIPT, '192.168.1.5')).toEqual({
      apiUrl: 'http://192.168.1.5:4900',
      webUrl: 'http://192.168.1.5:4910',
      adminUrl: 'http://192.168.1.5:4920',
      landingUrl: 'https://talaqa.example',
      googleClientId: 'client-1',
      googleAuthUrl: 'https://g.example/auth',
    });
  });
});

describe('assertBuilt', () => {
  it('names every app that is not built and says how to build', () => {
    expect(() => assertBuilt({ appsDistDir: root })).toThrow(StaticAppsError);
    expect(() => assertBuilt({ appsDistDir: root })).toThrow(
      /apps\/admin\/dist.*apps\/landing\/dist.*npm run build/,
    );
    expect(() => assertBuilt({ appsDistDir: root })).not.toThrow(/apps\/web\/dist/);
  });
});

describe('the content security policy of the apps', () => {
  let appsRoot: string;
  const built: StaticApp[] = [];

  beforeAll(() => {
    appsRoot = mkdtempSync(join(tmpdir(), 'talaqa-csp-'));
    for (const name of APP_NAMES) {
      const dist = join(appsRoot, 'apps', name, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'index.html'), INDEX);
    }
    // The marketing site is prerendered pages and their renderer (record 355), not one index.html.
    writeSiteFixture(appsRoot);
  });
  afterAll(async () => {
    await Promise.all(built.map(({ server }) => server.close()));
    rmSync(appsRoot, { recursive: true, force: true });
  });

  const serve = async (env: Record<string, string>): Promise<StaticApp[]> => {
    const config = loadConfig({ APP_ENV: 'local', APPS_DIST_DIR: appsRoot, PORT: '4900', ...env });
    const apps = await buildStaticApps(config, pino({ level: 'silent' }), { siteSources });
    built.push(...apps);
    return apps;
  };

  /** The policy of an answer as directive name -> sources. */
  const policyOf = (header: string | string[] | number | undefined): Map<string, string[]> => {
    expect(typeof header).toBe('string');
    return new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name as string, sources]),
    );
  };

  it('is sent with every page of web, admin and landing, built from the public API URL', async () => {
    const apps = await serve({ PUBLIC_API_URL: 'https://api.talaqa.example' });
    expect(apps.map((app) => app.name)).toEqual(['web', 'admin', 'landing']);
    for (const { name, server } of apps) {
      for (const url of ['/', '/tutor/12?week=3']) {
        const response = await server.inject({ url, headers: { host: 'app.talaqa.example' } });
        // The marketing site has no deep links: an address that is not a page is its 404 page.
        const isSitePage = name !== 'landing' || url === '/';
        expect(response.statusCode).toBe(isSitePage ? 200 : 404);
        if (name !== 'landing') expect(response.body).toBe(INDEX);
        const policy = policyOf(response.headers['content-security-policy']);
        expect(Object.fromEntries(policy)).toEqual({
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'style-src-elem': ["'self'", "'unsafe-inline'"],
          'style-src-attr': ["'none'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https://api.talaqa.example'],
          'media-src': ["'self'", 'blob:', 'https://api.talaqa.example'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'https://api.talaqa.example', 'wss://api.talaqa.example'],
          'worker-src': ["'none'"],
          'frame-src': ["'none'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        });
      }
    }
  });

  it("names the page's own host on the API port when no public API URL is set", async () => {
    const [web] = await serve({ PORT: '4700' });
    const response = await web!.server.inject({ url: '/', headers: { host: '192.168.1.5:4710' } });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://192.168.1.5:4700',
      'ws://192.168.1.5:4700',
    ]);
    expect(policy.get('img-src')).toContain('http://192.168.1.5:4700');
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('lets no Host header add a source or a directive', async () => {
    const [web] = await serve({});
    const response = await web!.server.inject({
      url: '/',
      headers: { host: "evil.example;script-src 'unsafe-inline' *" },
    });
    const header = String(response.headers['content-security-policy']);
    expect(header).not.toMatch(/evil|unsafe-inline' \*/);
    expect(policyOf(header).get('script-src')).toEqual(["'self'"]);
    expect(policyOf(header).get('connect-src')).toEqual([
      "'self'",
      'http://localhost:4900',
      'ws://localhost:4900',
    ]);
  });
});
