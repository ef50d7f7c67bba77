import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@talaqa/domain';
import type { Config } from './config';
import { createDatabase } from './db';
import type { DatabaseHandle } from './db';
import { installErrorHandling, sendError } from './errors';
import { loggerOptions } from './logger';
import { healthRoutes } from './modules/health/routes';
import { attachRealtime } from './realtime';
import type { RealtimeServer } from './realtime';
import { connectRedis } from './redis';
import type { RedisConnections } from './redis';
import { genReqId, REQUEST_ID_HEADER } from './request-id';

/** The API server with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    redis: RedisConnections | undefined;
    io: RealtimeServer;
  }
}

export interface BuildOptions {
  /** `false` silences the logger (tests); otherwise pino at the configured level. */
  logger?: false;
  /** Runs after everything is registered and before `ready()`: tests add routes here. */
  beforeReady?: (app: App) => void | Promise<void>;
}

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function createServer(config: Config, options: BuildOptions): App {
  return Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    genReqId,
    // Our genReqId reads and checks x-request-id itself; Fastify must not take it unchecked.
    requestIdHeader: false,
    // Errors raised before routing (a malformed URL) get the same { code, message } answer.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
}

async function registerHttpPlugins(app: App, config: Config): Promise<void> {
  // The API is read by the apps on other origins (their own ports or hosts), so its answers may
  // be embedded cross-origin; CORS still decides who may read them.
  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: CORS_METHODS,
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
  await app.register(cookie);
}

/** Opens the database and brings its schema up to date; closes it again if that fails. */
async function openDatabase(config: Config, log: FastifyBaseLogger): Promise<DatabaseHandle> {
  const database = await createDatabase(config, log);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Assembles the API: HTTP plugins, the one error handler, the database (migrated), Redis when
 * configured, socket.io and the feature routes under /api/v1. Returns it ready, not listening.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = createServer(config, options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  await registerHttpPlugins(app, config);

  const database = await openDatabase(config, app.log);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  // Waiting (briefly) means the adapter's subscriptions exist before the first socket connects.
  if (redis && !(await redis.ready())) app.log.warn('Redis unreachable at start-up; continuing');
  const io = attachRealtime(app, config, redis);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('redis', redis);
  app.decorate('io', io);
  // One hook, so the order is explicit: socket.io leaves its Redis rooms before Redis goes.
  const release = async (): Promise<void> => {
    await io.close();
    await redis?.close();
    await database.close();
  };
  app.addHook('onClose', release);
  try {
    await app.register(
      async (api) => {
        await api.register(healthRoutes, { database, redis });
      },
      { prefix: API_PREFIX },
    );
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await release();
    throw error;
  }
  return app;
}
