import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppName, Config } from './config';
import { marketingSiteRoutes } from './marketing-site';
import type { MarketingSiteSources } from './marketing-site';
import {
  appContentSecurityPolicy,
  documentSecurityHeaders,
  securityHeaders,
} from './security-headers';

export const APP_NAMES: readonly AppName[] = ['web', 'admin', 'landing'];

export class StaticAppsError extends Error {
  override name = 'StaticAppsError';
}

export interface StaticApp {
  name: AppName;
  port: number;
  server: FastifyInstance;
}

export const distDirOf = (config: Pick<Config, 'appsDistDir'>, name: AppName): string =>
  join(config.appsDistDir, 'apps', name, 'dist');

/** Vite puts content-hashed files under /assets/: a changed file gets a new name. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

/** HTML must be revalidated so a new deployment is seen at once; hashed files never change. */
const cacheHeaders =
  (root: string) =>
  (reply: FastifyReply, path: string): void => {
    const served = relative(root, path).split(sep).join('/');
    if (served.endsWith('.html')) reply.header('cache-control', 'no-cache');
    else reply.header('cache-control', `/${served}`.startsWith(HASHED_ASSETS) ? IMMUTABLE : SHORT);
  };

/** Per-file request lines would drown the API's log: the static servers only report problems. */
const quieter = (level: string): string =>
  ['error', 'fatal', 'silent'].includes(level) ? level : 'warn';

/**
 * `/runtime-config.js`, loaded by each app's index.html before the app itself: where the API and
 * the other apps are (see @talaqa/api-client runtime-config). An unset public URL becomes the
 * page's own host name on the configured port, so the same build works on localhost, 127.0.0.1
 * or a LAN address.
 */
export function runtimeConfigScript(
  config: Pick<Config, 'port' | 'appPorts' | 'publicUrls' | 'google'>,
  googleAuthUrl: string = config.google.authUrl,
): string {
  const origin = (key: 'api' | AppName, port: number): string => {
    const fixed = config.publicUrls[key];
    return fixed
      ? JSON.stringify(fixed)
      : `location.protocol + '//' + location.hostname + ':' + ${JSON.stringify(String(port))}`;
  };
  const entries = [
    `apiUrl: ${origin('api', config.port)}`,
    `webUrl: ${origin('web', config.appPorts.web)}`,
    `adminUrl: ${origin('admin', config.appPorts.admin)}`,
    `landingUrl: ${origin('landing', config.appPorts.landing)}`,
    `googleClientId: ${JSON.stringify(config.google.clientId)}`,
    `googleAuthUrl: ${JSON.stringify(googleAuthUrl)}`,
  ];
  return `window.__TALAQA_CONFIG__ = { ${entries.join(', ')} };\n`;
}

/** A host name as a browser's `location.hostname` gives it: a DNS name or an IPv4 address. */
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/**
 * The API origin the page will use (the same rule as runtimeConfigScript): the configured public
 * URL, else the page's own host name on the API's port. A Host header that is not a plain host
 * name (it could smuggle policy text) gets `localhost`: that page simply cannot reach the API.
 */
export const apiOriginFor =
  (config: Pick<Config, 'port' | 'publicUrls'>) =>
  (request: Pick<FastifyRequest, 'protocol' | 'hostname'>): string => {
    const fixed = config.publicUrls.api;
    if (fixed) return new URL(fixed).origin;
    const host = HOST_NAME.test(request.hostname) ? request.hostname : 'localhost';
    return `${request.protocol}://${host}:${config.port}`;
  };

/** Fails with one message naming every app that has not been built. */
export function assertBuilt(config: Pick<Config, 'appsDistDir'>): void {
  const missing = APP_NAMES.filter(
    (name) => !existsSync(join(distDirOf(config, name), 'index.html')),
  );
  if (missing.length === 0) return;
  const folders = missing.map((name) => distDirOf(config, name)).join(', ');
  throw new StaticAppsError(
    `SERVE_APPS is on but these apps are not built: ${folders}. Run "npm run build" first.`,
  );
}

/**
 * One small server for one single-page app, every answer with the apps' content security policy
 * (given the API origin a request's page will use). A path that is not a file gets index.html with
 * status 200, so deep links work and the app's router shows its own "not found" page; a missing
 * file under /assets/ stays a 404, since answering HTML for a script only hides the real error.
 */
export async function buildStaticApp(
  name: AppName,
  root: string,
  log: FastifyBaseLogger,
  runtimeConfig = '',
  apiOrigin?: (request: FastifyRequest) => string,
  marketingSite?: {
    config: Pick<Config, 'publicUrls' | 'appPorts'>;
    sources: MarketingSiteSources;
  },
): Promise<FastifyInstance> {
  const server = Fastify({
    loggerInstance: log.child({ app: name }, { level: quieter(log.level) }),
  });
  await server.register(securityHeaders, documentSecurityHeaders());
  if (apiOrigin) {
    server.addHook('onRequest', (request, reply, done) => {
      reply.header('content-security-policy', appContentSecurityPolicy(apiOrigin(request)));
      done();
    });
  }
  await server.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: cacheHeaders(root),
    // The build writes .br and .gz copies where it can (the marketing site's prerender does).
    preCompressed: true,
    // The marketing site's pages are answered by its routes, with their origins put in.
    ...(marketingSite
      ? { index: false, allowedPath: (path: string) => !path.endsWith('.html') }
      : {}),
  });
  if (runtimeConfig) {
    server.get('/runtime-config.js', (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(runtimeConfig),
    );
  }
  if (marketingSite) {
    await marketingSiteRoutes(server, { distDir: root, ...marketingSite });
    return server;
  }
  server.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || request.url.startsWith(HASHED_ASSETS)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.code(200).sendFile('index.html');
  });
  return server;
}

/** Builds (without listening) the web, admin and landing servers. */
export async function buildStaticApps(
  config: Config,
  log: FastifyBaseLogger,
  runtime: { googleAuthUrl?: string; siteSources: MarketingSiteSources },
): Promise<StaticApp[]> {
  assertBuilt(config);
  return Promise.all(
    APP_NAMES.map(async (name) => ({
      name,
      port: config.appPorts[name],
      server: await buildStaticApp(
        name,
        distDirOf(config, name),
        log,
        runtimeConfigScript(config, runtime.googleAuthUrl),
        apiOriginFor(config),
        name === 'landing' ? { config, sources: runtime.siteSources } : undefined,
      ),
    })),
  );
}
