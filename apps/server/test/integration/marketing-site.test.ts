import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Plan, PublicStats, ShortLinkTarget } from '@talaqa/domain';
import { loadConfig } from '../../src/config';
import { AppError } from '../../src/errors';
import type { MarketingSiteSources } from '../../src/marketing-site';
import { buildStaticApp } from '../../src/static-apps';
import { writeSiteFixture } from './site-fixture';

/** What the sources answer; each test changes what it needs. */
const state: {
  plans: () => Promise<Plan[]>;
  stats: () => Promise<PublicStats>;
  links: Record<string, ShortLinkTarget>;
  opened: { name: string; ip: string }[];
} = {
  plans: async () => [],
  stats: async () => ({ tutors: 0, lessons: 0 }),
  links: {},
  opened: [],
};

const plan = (id: number, monthPrice: number) => ({ id, monthPrice }) as unknown as Plan;

const sources: MarketingSiteSources = {
  publicPlans: () => state.plans(),
  publicStats: () => state.stats(),
  openShortLink: async (name, ip) => {
    state.opened.push({ name, ip });
    const target = state.links[name];
    if (name === 'broken') throw new Error('database is down');
    if (!target) throw new AppError('short-link-not-found');
    return target;
  },
};

let root: string;
let site: FastifyInstance;
let renderCalls: { path: string; data: unknown }[];

const build = async (env: Record<string, string> = {}) => {
  const config = loadConfig({ APP_ENV: 'local', WEB_PORT: '4910', ...env });
  return buildStaticApp(
    'landing',
    join(root, 'apps', 'landing', 'dist'),
    pino({ level: 'silent' }),
    '',
    undefined,
    {
      config,
      sources,
    },
  );
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'talaqa-site-'));
  writeSiteFixture(root);
  site = await build();
  const renderer = (await import(
    pathToFileURL(join(root, 'apps', 'landing', 'dist-server', 'render.js')).href
  )) as { calls: { path: string; data: unknown }[] };
  renderCalls = renderer.calls;
});
afterAll(async () => {
  await site.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  state.plans = async () => [plan(1, 60000)];
  state.stats = async () => ({ tutors: 4, lessons: 5 });
  state.links = {};
  state.opened = [];
});

const get = (url: string, headers: Record<string, string> = {}) =>
  site.inject({ url, headers: { host: 'talaqa.local:4930', ...headers } });

describe('the marketing site server (record 355)', () => {
  it('serves a prerendered page with this host as the site and its web port as the app', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<link rel="canonical" href="http://talaqa.local:4930/about">');
    expect(response.body).toContain('href="http://talaqa.local:4910/register/student"');
    expect(response.body).not.toContain('.invalid');
  });

  it('puts the configured public URLs in place of the marks when they are set', async () => {
    const fixed = await build({
      PUBLIC_LANDING_URL: 'https://talaqa.example',
      PUBLIC_WEB_URL: 'https://app.talaqa.example',
    });
    try {
      const response = await fixed.inject({ url: '/about', headers: { host: 'evil.example' } });
      expect(response.body).toContain('href="https://talaqa.example/about"');
      expect(response.body).toContain('href="https://app.talaqa.example/register/student"');
      expect(response.body).not.toContain('evil');
    } finally {
      await fixed.close();
    }
  });

  it('lets no Host header write text into a page', async () => {
    const response = await get('/about', { host: '"><script>alert(1)</script>' });
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('http://localhost/about');
  });

  it('renders /pricing from the plans of this moment, again only when they change', async () => {
    const first = await get('/pricing');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('plan 1: 60000');
    const rendersBefore = renderCalls.length;
    await get('/pricing');
    expect(renderCalls.length).toBe(rendersBefore);

    state.plans = async () => [plan(1, 75000), plan(2, 90000)];
    const changed = await get('/pricing');
    expect(changed.body).toContain('plan 1: 75000');
    expect(changed.body).toContain('plan 2: 90000');
    expect(changed.body).not.toContain('60000');
    expect(renderCalls.length).toBe(rendersBefore + 1);
  });

  it('shows no price at all, with 503, when the plans cannot be read', async () => {
    await get('/pricing');
    state.plans = () => Promise.reject(new Error('database is down'));
    const response = await get('/pricing');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('تعذّر عرض الباقات الآن');
    expect(response.body).not.toMatch(/plan \d/);
  });

  it('renders the home with the figures, and still answers 200 without them', async () => {
    expect((await get('/')).body).toContain('tutors 4');
    state.stats = () => Promise.reject(new Error('database is down'));
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('tutors');
  });

  it('compresses a page as the browser accepts, and answers a repeat with 304', async () => {
    const gzip = await get('/about', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('من نحن');
    const br = await get('/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');

    const etag = String(gzip.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/about', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the sitemap and robots.txt with the real origin', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>http://talaqa.local:4930/</loc>');
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://talaqa.local:4930/sitemap.xml');
  });

  it('sends the gzip copy the build wrote beside a script', async () => {
    const response = await get('/assets/site-1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe('console.log("site")');
  });

  it('answers an unknown address with the 404 page and status 404, never a page file itself', async () => {
    for (const url of ['/no-such-page', '/faq/teachers', '/404.html', '/about/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('الصفحة غير موجودة');
    }
    expect((await site.inject({ method: 'POST', url: '/about' })).statusCode).toBe(404);
  });

  it('sends /about/ to /about, and never a doubled slash to another host', async () => {
    const slash = await get('/about/?x=1');
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/about?x=1');
    const sneaky = await get('//evil.example/');
    expect(sneaky.statusCode).toBe(301);
    expect(sneaky.headers.location).toBe('/evil.example');
  });
});

describe('/url/{name} on the marketing site', () => {
  it('redirects to the target with the campaign, counting the click as the visitor', async () => {
    state.links.ramadan = { name: 'ramadan', source: 'wa', site: 'landing', path: '/pricing' };
    state.links.join = { name: 'join', source: 'sfb', site: 'web', path: '/register/tutor' };
    const landing = await get('/url/ramadan');
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe(
      'http://talaqa.local:4930/pricing?campaign=ramadan&source=wa',
    );
    expect(landing.headers['cache-control']).toBe('no-store');
    const web = await get('/url/join');
    expect(web.headers.location).toBe(
      'http://talaqa.local:4910/register/tutor?campaign=join&source=sfb',
    );
    expect(state.opened).toEqual([
      { name: 'ramadan', ip: '127.0.0.1' },
      { name: 'join', ip: '127.0.0.1' },
    ]);
  });

  it('answers an unknown name with the "link not found" page and 404', async () => {
    const response = await get('/url/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('الرابط غير موجود');
    expect(response.body).toContain('noindex');
  });

  it('refuses a target that would leave our sites', async () => {
    state.links.out = { name: 'out', source: 'wa', site: 'web', path: '//evil.example/x' };
    const response = await get('/url/out');
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });

  it('says in Arabic to try again, with 503, when the database fails', async () => {
    const response = await get('/url/broken');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.body).toContain('تعذّر فتح الرابط');
  });
});
