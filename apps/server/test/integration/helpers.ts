import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { App, BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Outbox } from '../../src/integrations/outbox';
import { startProviders } from '../../src/providers';
import type { RunningProviders } from '../../src/providers';
import pino from 'pino';
import type { Config } from '../../src/config';

/** TEST_DB=postgres runs the suite on a real server; the default is in-memory PGlite. */
export const testDriver: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Redis-dependent tests run only when a Redis is given. */
export const testRedisUrl: string | undefined =
  process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;

const postgresServerUrl = (): string =>
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestServer {
  baseUrl: string;
  app: App;
  config: Config;
  /** What the e-mail, WhatsApp and Telegram simulators received. */
  outbox: Outbox;
  /** Where the simulators listen (the Google one signs ID tokens through its approve form). */
  urls: RunningProviders['urls'];
  close(): Promise<void>;
}

interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function runAdminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A brand-new database on the PostgreSQL server, a copy of the migrated template of the run
 * (global-setup.ts), dropped (even if still in use) on `drop()`.
 */
async function createTestDatabase(): Promise<TestDatabase> {
  const name = `talaqa_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await runAdminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The configuration of a test server before overrides: local, silent, fresh database. */
export function testConfig(databaseUrl?: string): Config {
  return loadConfig({
    APP_ENV: 'local',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: 'memory://',
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl,
    SIMULATORS: 'true',
  });
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The run's migrated PGlite data directory (global-setup.ts), read once per worker. */
function pgliteTemplateOf(config: Config): Promise<Blob> | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file || config.databaseUrl || config.pgliteDir !== 'memory://') return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * Builds the app on a fresh database (migrated by buildApp) and listens on a free port of
 * 127.0.0.1. `close()` stops it and, on PostgreSQL, drops the database.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'providers'> & {
    /** How long the payment adapters wait for the simulators (default: the adapters' own). */
    gatewayTimeoutMs?: number;
  } = {},
): Promise<TestServer> {
  const { gatewayTimeoutMs, ...buildOptions } = options;
  const database = testDriver === 'postgres' ? await createTestDatabase() : undefined;
  // Each test server counts in its own Redis keys, so runs and files never share limits.
  const config: Config = {
    ...testConfig(database?.url),
    redisKeyPrefix: `talaqa-test-${randomBytes(4).toString('hex')}:`,
    ...overrides,
  };
  // The real adapters against the local simulators, each on a free port.
  const running = await startProviders(
    config,
    pino({ level: 'silent' }),
    { smtp: 0, whatsapp: 0, telegram: 0, outbox: 0, google: 0, fawry: 0, paymob: 0 },
    // The payment simulators retry a refused notification quickly, so tests do not wait.
    {
      retryDelaysMs: [50, 200],
      ...(gatewayTimeoutMs !== undefined ? { timeoutMs: gatewayTimeoutMs } : {}),
    },
  );
  const outbox = running.outbox;
  if (!outbox) throw new Error('the simulators keep no outbox');
  let app: App | undefined;
  try {
    const template = await pgliteTemplateOf(config);
    app = await buildApp(config, {
      logger: false,
      ...(template ? { pgliteTemplate: template } : {}),
      ...buildOptions,
      providers: running.providers,
      beforeReady: async (api) => {
        api.addHook('onClose', running.close);
        await options.beforeReady?.(api);
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app?.close();
    await running.close();
    await database?.drop();
    throw error;
  }
  const started = app;
  const { port } = started.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app: started,
    config,
    outbox,
    urls: running.urls,
    close: () =>
      (closing ??= (async () => {
        await started.close();
        await database?.drop();
      })()),
  };
}

/** A port nothing listens on: bound by the OS, then released. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
