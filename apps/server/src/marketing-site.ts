import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SIZE_MAX, shortLinkDestination } from '@talaqa/domain';
import type { Plan, PublicStats, ShortLinkTarget } from '@talaqa/domain';
import type { Config } from './config';
import { serviceContextOf } from './context';
import { AppError } from './errors';
import { listPlans } from './modules/plans';
import { shortLinkOpener } from './modules/short-links';
import { publicStatsReader } from './modules/stats';

/**
 * The marketing site as the build left it (record 355): every page prerendered in dist, and the
 * renderer in dist-server, with which the live pages (`/pricing`, the home) are rendered again
 * whenever their data change. What the renderer (apps/landing/src/render.tsx) exports.
 */
export interface SiteRenderer {
  SITE_PAGES: readonly { path: string; live?: 'plans' | 'stats' }[];
  renderSitePage(
    path: string,
    assets: unknown,
    data: { plans?: readonly Plan[]; stats?: PublicStats },
  ): Promise<string | undefined>;
  withOrigins(text: string, origins: { site: string; web: string }): string;
}

/** Where the live pages and the short links get their data: the API's own services. */
export interface MarketingSiteSources {
  /** The plans on sale to everyone, as `GET /plan/list` answers a visitor. */
  publicPlans(): Promise<Plan[]>;
  publicStats(): Promise<PublicStats>;
  /** Counts the click (once per visitor and window) and says where the link goes. */
  openShortLink(name: string, visitorIp: string): Promise<ShortLinkTarget>;
}

export class MarketingSiteError extends Error {
  override name = 'MarketingSiteError';
}

/** The renderer and the build's asset list, or a clear error naming what is missing. */
export async function loadSiteRenderer(
  distDir: string,
): Promise<{ renderer: SiteRenderer; assets: unknown }> {
  const rendererFile = join(distDir, '..', 'dist-server', 'render.js');
  const assetsFile = join(distDir, '.vite', 'site-assets.json');
  for (const file of [rendererFile, assetsFile]) {
    if (!existsSync(file)) {
      throw new MarketingSiteError(`${file} is missing: run "npm run build -w @talaqa/landing".`);
    }
  }
  const renderer = (await import(pathToFileURL(rendererFile).href)) as SiteRenderer;
  const assets: unknown = JSON.parse(readFileSync(assetsFile, 'utf8'));
  return { renderer, assets };
}

/** A host as a browser sends it (name or IPv4, optional port): nothing that could smuggle text. */
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::\d{1,5})?$/;

/**
 * The site's and the main app's origins for this request: the configured public URLs, else
 * this host (the site) and this host name on the web app's port, as runtime-config.js does.
 */
export const originsFor =
  (config: Pick<Config, 'publicUrls' | 'appPorts'>) =>
  (request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>) => {
    const host = HOST.test(request.host) ? request.host : 'localhost';
    const hostname = HOST.test(request.hostname) ? request.hostname : 'localhost';
    const site = config.publicUrls.landing
      ? new URL(config.publicUrls.landing).origin
      : `${request.protocol}://${host}`;
    const web = config.publicUrls.web
      ? new URL(config.publicUrls.web).origin
      : `${request.protocol}://${hostname}:${config.appPorts.web}`;
    return { site, web };
  };

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function compress(text: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (encoding === 'br') {
    return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
  }
  return encoding === 'gzip' ? gzipSync(bytes, { level: 6 }) : bytes;
}

/** A few answers by key, the oldest dropped first: pages times origins times encodings. */
class SmallCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly capacity: number) {}
  get(key: string): T | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    const oldest = this.entries.keys().next();
    if (this.entries.size > this.capacity && !oldest.done) this.entries.delete(oldest.value);
  }
}

/**
 * Sends an HTML (or sitemap/robots) text with the real origins, compressed as the browser
 * accepts, with a strong ETag so a repeated visit costs a 304. Never cached without asking:
 * a price or a release must show at once.
 */
function textSender(
  origins: ReturnType<typeof originsFor>,
  withOrigins: SiteRenderer['withOrigins'],
) {
  const cache = new SmallCache<{ etag: string; body: Buffer }>(200);
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    text: string,
    options: { status?: number; type: string },
  ) => {
    const { site, web } = origins(request);
    const encoding = encodingFor(request);
    const source = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    const key = `${source}|${site}|${web}|${encoding}`;
    let entry = cache.get(key);
    if (!entry) {
      const final = withOrigins(text, { site, web });
      const etag = `"${createHash('sha256').update(final).digest('base64url').slice(0, 22)}"`;
      entry = { etag, body: compress(final, encoding) };
      cache.set(key, entry);
    }
    reply
      .code(options.status ?? 200)
      .type(options.type)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', entry.etag);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    if ((options.status ?? 200) === 200 && request.headers['if-none-match'] === entry.etag) {
      return reply.code(304).send();
    }
    return reply.send(entry.body);
  };
}

/**
 * The live pages: rendered again when their data differ from the last render's, so a price is
 * never older than the database (one small query a view; the figures are cached by their reader).
 */
function livePages(renderer: SiteRenderer, assets: unknown, sources: MarketingSiteSources) {
  const last = new Map<string, { data: string; html: string }>();
  const dataOf = async (live: 'plans' | 'stats') =>
    live === 'plans'
      ? { plans: await sources.publicPlans() }
      : { stats: await sources.publicStats() };

  return async (path: string, live: 'plans' | 'stats', log: FastifyBaseLogger) => {
    let data: { plans?: Plan[]; stats?: PublicStats } = {};
    let failed = false;
    try {
      data = await dataOf(live);
    } catch (error) {
      // Without its data the page still renders: no prices ("cannot show the plans now") and
      // no figures, never old ones.
      log.warn({ err: error, path }, 'marketing site: live data unavailable');
      failed = true;
    }
    const key = JSON.stringify(data);
    const cached = last.get(path);
    if (cached?.data === key) return { html: cached.html, failed };
    const html = await renderer.renderSitePage(path, assets, data);
    if (html === undefined) throw new MarketingSiteError(`${path} is not a page of the site`);
    if (!failed) last.set(path, { data: key, html });
    return { html, failed };
  };
}

const readPage = (distDir: string, file: string): string =>
  readFileSync(join(distDir, file), 'utf8');

/**
 * The routes of the marketing site on its own server (after the security headers and the static
 * files are registered): each page at its address, the live ones rendered from the database,
 * `/url/{name}` as a redirect with the campaign, and a real 404 for anything else.
 */
export async function marketingSiteRoutes(
  server: FastifyInstance,
  options: {
    distDir: string;
    config: Pick<Config, 'publicUrls' | 'appPorts'>;
    sources: MarketingSiteSources;
  },
): Promise<void> {
  const { distDir, config, sources } = options;
  const { renderer, assets } = await loadSiteRenderer(distDir);
  const origins = originsFor(config);
  const send = textSender(origins, renderer.withOrigins);
  const live = livePages(renderer, assets, sources);
  const HTML = 'text/html; charset=utf-8';
  const notFound = readPage(distDir, '404.html');
  const shortLinkNotFound = readPage(distDir, 'url-not-found.html');

  for (const page of renderer.SITE_PAGES) {
    const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
    const prerendered = readPage(distDir, file);
    const liveKind = page.live;
    server.get(page.path, async (request, reply) => {
      if (!liveKind) return send(request, reply, prerendered, { type: HTML });
      const { html, failed } = await live(page.path, liveKind, request.log);
      return send(request, reply, html, {
        type: HTML,
        status: failed && liveKind === 'plans' ? 503 : 200,
      });
    });
  }

  for (const [path, type] of [
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    const text = readPage(distDir, path.slice(1));
    server.get(path, (request, reply) => send(request, reply, text, { type }));
  }

  server.get<{ Params: { name: string } }>('/url/:name', async (request, reply) => {
    try {
      const target = await sources.openShortLink(request.params.name, request.ip);
      const { site, web } = origins(request);
      const href = shortLinkDestination(target, { landing: site, web });
      if (!href) return send(request, reply, shortLinkNotFound, { type: HTML, status: 404 });
      return reply.header('cache-control', 'no-store').redirect(href, 302);
    } catch (error) {
      if (error instanceof AppError && error.code === 'short-link-not-found') {
        return send(request, reply, shortLinkNotFound, { type: HTML, status: 404 });
      }
      request.log.error({ err: error }, 'marketing site: a short link could not be opened');
      return reply
        .code(503)
        .header('retry-after', '30')
        .type('text/plain; charset=utf-8')
        .send('تعذّر فتح الرابط الآن. حاول مرة أخرى بعد قليل.');
    }
  });

  // `/pricing/` is `/pricing`: one address per page for search engines (and a folder of dist
  // must not answer). Slashes are collapsed at the start too: `//host/` never leaves the site.
  server.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (path.length > 1 && path.endsWith('/') && request.method === 'GET') {
      const query = request.url.slice(path.length);
      return reply.redirect(`/${path.replace(/^\/+|\/+$/g, '')}${query}`, 301);
    }
  });

  server.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return send(request, reply, notFound, { type: HTML, status: 404 });
  });
}

/** The marketing site's data from the API's own services (one process, no HTTP between). */
export function marketingSiteSources(app: FastifyInstance): MarketingSiteSources {
  const ctx = serviceContextOf(app, 'marketing-site');
  const publicStats = publicStatsReader(ctx);
  return {
    publicPlans: async () =>
      (await listPlans(ctx, { kind: 'public', userId: null }, { page: 1, size: PAGE_SIZE_MAX }))
        .list,
    publicStats,
    openShortLink: shortLinkOpener(app),
  };
}
