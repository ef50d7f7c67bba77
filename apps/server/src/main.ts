import type { AddressInfo } from 'node:net';
import { API_PREFIX, PAGE_SIZE_MAX } from '@talaqa/domain';
import { buildApp, LIVING_SQL } from './app';
import type { App } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db';
import type { Config } from './config';
import { demoLoginLines, seedDemoData } from './demo/seed';
import { DOCS_PREFIX, docsPageServed } from './modules/reference';
import { startProviders } from './providers';
import type { RunningProviders } from './providers';
import { assertBuilt, buildStaticApps, StaticAppsError } from './static-apps';
import type { StaticApp } from './static-apps';
import pino from 'pino';
import { loggerOptions } from './logger';
import type { MarketingSiteSources } from './marketing-site';
import { serviceContextOf } from './context';
import { listPlans } from './modules/plans';
import { shortLinkOpener } from './modules/short-links';
import { publicStatsReader } from './modules/stats';

/** The providers start before the app (which owns the main logger), with the same settings. */
const loggerFor = (config: Config) => pino(loggerOptions(config));

/** Past this, a stuck connection or dependency must not keep a stopping instance alive. */
const SHUTDOWN_CAP_MS = 10_000;

const displayHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host;

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function printUrls(
  config: Config,
  app: App,
  staticApps: StaticApp[],
  running: RunningProviders,
): void {
  const host = displayHost(config.host);
  const { port } = app.server.address() as AddressInfo;
  const lines = [
    ['API', `http://${host}:${port}${API_PREFIX}`],
    ...(docsPageServed(config.env) ? [['Docs', `http://${host}:${port}${DOCS_PREFIX}`]] : []),
    ['Health', `http://${host}:${port}${API_PREFIX}/health`],
    ...staticApps.map(({ name, port: appPort }) => [
      capitalized(name),
      `http://${host}:${appPort}`,
    ]),
    ...(running.urls.outbox ? [['Outbox', running.urls.outbox]] : []),
    ...(running.urls.google ? [['Google', running.urls.google]] : []),
    ...(running.urls.fawry ? [['Fawry', running.urls.fawry]] : []),
    ...(running.urls.paymob ? [['Paymob', running.urls.paymob]] : []),
  ];
  const info = `env ${config.env}, database ${app.database.driver}`;
  const rows = lines.map(([label = '', url = '']) => `  ${label.padEnd(8)} ${url}`);
  process.stdout.write(`Talaqa server is up (${info})\n${rows.join('\n')}\n`);
  if (config.env === 'local') {
    process.stdout.write(`Demo logins (role, e-mail, password):\n${demoLoginLines().join('\n')}\n`);
  }
}

/** SIGTERM/SIGINT: stop accepting, close everything (capped), then exit. */
function handleShutdown(app: App): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_CAP_MS} ms, exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_CAP_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });
}

/** The marketing site's data from the API's own services (one process, no HTTP between). */
function marketingSiteSources(app: App): MarketingSiteSources {
  const ctx = serviceContextOf(app, 'marketing-site');
  const viewer = { kind: 'public', userId: null } as const;
  return {
    publicPlans: async () => (await listPlans(ctx, viewer, { page: 1, size: PAGE_SIZE_MAX })).list,
    publicStats: publicStatsReader(ctx),
    openShortLink: shortLinkOpener(app),
  };
}

async function start(): Promise<void> {
  const config = loadConfig(process.env);
  // Checked before the database opens, so a missing build fails fast with its own message.
  if (config.serveApps) assertBuilt(config);
  let staticApps: StaticApp[] = [];
  const bootLog = loggerFor(config);
  const running = await startProviders(config, bootLog);
  const app = await buildApp(config, {
    providers: running.providers,
    beforeReady: (api) => {
      api.addHook('onClose', async () => {
        await Promise.all(staticApps.map(({ server }) => server.close()));
        await running.close();
      });
    },
  }).catch(async (error: unknown) => {
    await running.close();
    throw error;
  });
  handleShutdown(app);
  // Demo accounts exist only on a developer's machine.
  if (config.env === 'local')
    await seedDemoData(app.database.db, { assets: app.assets, log: app.log });
  if (config.serveApps) {
    staticApps = await buildStaticApps(config, app.log, {
      googleAuthUrl: running.googleAuthUrl,
      siteSources: marketingSiteSources(app),
    });
  }
  await app.listen({ port: config.port, host: config.host });
  for (const { server, port } of staticApps) await server.listen({ port, host: config.host });
  printUrls(config, app, staticApps, running);
}

/**
 * `node dist/main.js migrate`: brings the database schema up to date and exits, serving nothing.
 * A deployment runs it once before a rolling restart (docs/deploy.md), so no instance starts
 * against a schema older than its code; instances still migrate at start (a no-op by then).
 */
async function migrateOnly(): Promise<void> {
  const config = loadConfig(process.env);
  const log = loggerFor(config);
  const database = await createDatabase(config, LIVING_SQL, log);
  try {
    await database.migrate();
    log.info({ driver: database.driver }, 'database schema is up to date');
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
if (command !== undefined && command !== 'migrate') {
  process.stderr.write(`Unknown command "${command}"; the only one is "migrate".\n`);
  process.exit(2);
}

(command === 'migrate' ? migrateOnly() : start()).catch((error: unknown) => {
  // Configuration and build problems are the operator's to fix: a plain message, no stack.
  if (error instanceof ConfigError || error instanceof StaticAppsError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
