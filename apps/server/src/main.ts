import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@talaqa/domain';
import { buildApp } from './app';
import type { App } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { assertBuilt, buildStaticApps, StaticAppsError } from './static-apps';
import type { StaticApp } from './static-apps';

/** Past this, a stuck connection or dependency must not keep a stopping instance alive. */
const SHUTDOWN_CAP_MS = 10_000;

const displayHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host;

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function printUrls(config: Config, app: App, staticApps: StaticApp[]): void {
  const host = displayHost(config.host);
  const { port } = app.server.address() as AddressInfo;
  const lines = [
    ['API', `http://${host}:${port}${API_PREFIX}`],
    ['Health', `http://${host}:${port}${API_PREFIX}/health`],
    ...staticApps.map(({ name, port: appPort }) => [
      capitalized(name),
      `http://${host}:${appPort}`,
    ]),
  ];
  const info = `env ${config.env}, database ${app.database.driver}`;
  const rows = lines.map(([label = '', url = '']) => `  ${label.padEnd(8)} ${url}`);
  process.stdout.write(`Talaqa server is up (${info})\n${rows.join('\n')}\n`);
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

async function start(): Promise<void> {
  const config = loadConfig(process.env);
  // Checked before the database opens, so a missing build fails fast with its own message.
  if (config.serveApps) assertBuilt(config);
  let staticApps: StaticApp[] = [];
  const app = await buildApp(config, {
    beforeReady: (api) => {
      api.addHook('onClose', async () => {
        await Promise.all(staticApps.map(({ server }) => server.close()));
      });
    },
  });
  handleShutdown(app);
  if (config.serveApps) staticApps = await buildStaticApps(config, app.log);
  await app.listen({ port: config.port, host: config.host });
  for (const { server, port } of staticApps) await server.listen({ port, host: config.host });
  printUrls(config, app, staticApps);
}

start().catch((error: unknown) => {
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
