import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@talaqa/domain';
import { cors } from './cors';
import { API_SECURITY_HEADERS } from './security-headers';
import { movableClock, systemClock } from './clock';
import type { Clock } from './clock';
import type { Config } from './config';
import { createDatabase } from './db';
import type { DatabaseHandle, LivingSql } from './db';
import { installErrorHandling, sendError } from './errors';
import { createJobs } from './jobs';
import { createDomainEventBus } from './kernel/domain-events';
import { lazyChildLogger, loggerOptions, stdoutLogger, storingLogger } from './logger';
import { createLogStore } from './log-store';
import type { LogStore } from './log-store';
import { newInstanceId } from './instance';
import { assertEveryRouteServesAContract } from './http/endpoint';
import { accessControl } from './http/access';
import { memoryAttemptCounter, redisAttemptCounterWithFallback } from './http/attempts';
import type { AttemptCounter } from './http/attempts';
import { redisStoreWithFallback } from './http/rate-limit-store';
import { assetRoutes, createStorage, storedFileRoutes } from './modules/assets';
import type { AssetStorage, FileUseSource } from './modules/assets';
import { authRoutes, sessionVersionOf } from './modules/auth';
import { availabilityRoutes } from './modules/availability';
import { calendarRoutes } from './modules/calendar';
import { codeRoutes } from './modules/codes';
import type { AccountMessenger } from './modules/codes';
import { couponRoutes } from './modules/coupons';
import { inviteRoutes } from './modules/invites';
import { shortLinkRoutes } from './modules/short-links';
import { contactRoutes } from './modules/contact';
import { reportFileUses, reportRoutes } from './modules/reports';
import { invoiceReportRoutes, invoiceRoutes, receiptFileUses } from './modules/earnings';
import {
  appointmentReminderJobs,
  demoSessionStep,
  interviewRoutes,
  interviewStep,
} from './modules/interviews';
import { onboardingRoutes } from './modules/onboarding';
import { platformSettingsRoutes, supportGroupStep } from './modules/platform-settings';
import { auditRoutes } from './modules/audit';
import type { OnboardingStepReaders } from './modules/onboarding';
import { healthRoutes } from './modules/health';
import { logBatchWriter, logRetentionJobs, logRoutes } from './modules/logs';
import { monitoring, serverStats } from './modules/monitoring';
import { docsPage, docsPageServed, openApiDocument, referenceRoutes } from './modules/reference';
import { chatRoutes, disabledChatNoticeMessenger } from './modules/chat';
import { sessionRoutes } from './modules/session';
import type { ChatNoticeMessenger } from './modules/chat';
import {
  disabledReminderMessenger,
  disabledLessonNoticeMessenger,
  lessonAttendanceJobs,
  lessonConfirmationJobs,
  lessonNoticeJobs,
  lessonReminderJobs,
  lessonRoutes,
} from './modules/lessons';
import type { LessonNoticeMessenger, LessonReminderMessenger } from './modules/lessons';
import {
  disabledPaymentNoticeMessenger,
  fawryRoutes,
  paymentNoticeJobs,
  paymobRoutes,
} from './modules/payments';
import type { PaymentGateways, PaymentNoticeMessenger } from './modules/payments';
import { introVideoStep, mediaFileUses, mediaRoutes } from './modules/media';
import { planInviteRoutes, planRoutes } from './modules/plans';
import { ratingRoutes } from './modules/ratings';
import { statsRoutes } from './modules/stats';
import { studentRoutes } from './modules/students';
import { subscriptionJobs, subscriptionRoutes } from './modules/subscriptions';
import { disabledTelegramChannel, telegramRoutes } from './modules/telegram';
import type { TelegramChannel } from './modules/telegram';
import { topicRoutes } from './modules/topics';
import { transactionRoutes } from './modules/transactions';
import { tutorListing, tutorListingSql, tutorRoutes } from './modules/tutors';
import { userRoutes } from './modules/users';
import { disabledWhatsAppChannel, whatsappRoutes } from './modules/whatsapp';
import type { WhatsAppChannel } from './modules/whatsapp';
import type { GoogleIdTokenVerifier } from './integrations/google/verify';
import { videoTools } from './integrations/ffmpeg';
import type { VideoTools } from './integrations/ffmpeg';
import { attachRealtime } from './realtime';
import type { RealtimeServer } from './realtime';
import { connectRedis } from './redis';
import type { RedisConnections } from './redis';
import { genReqId, REQUEST_ID_HEADER } from './request-id';

import type { App } from './http/server';
import { useTestClock } from './test-clock';

export type { App };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    redis: RedisConnections | undefined;
    io: RealtimeServer;
    messenger: AccountMessenger;
    google: GoogleIdTokenVerifier;
    assets: AssetStorage;
    attempts: AttemptCounter;
    /** Fawry and Paymob (the local simulators among them when they run). */
    payments: PaymentGateways;
    /** "Now" for the features that read it through the app (tests may set it). */
    clock: Clock;
    /** The log kept for the export (decision 350); undefined when this app keeps none. */
    logStore: LogStore | undefined;
  }
}

/** The outside services the API talks to; main.ts builds the real ones from the configuration. */
export interface Providers {
  messenger: AccountMessenger;
  /** Lesson reminders by e-mail, WhatsApp or Telegram; off (every send fails) when absent. */
  lessonReminders?: LessonReminderMessenger;
  /** No-show and minutes-back notices, by the same channels; off when absent. */
  lessonNotices?: LessonNoticeMessenger;
  /** Payment receipts and refund notices, by e-mail and the phone method; off when absent. */
  paymentNotices?: PaymentNoticeMessenger;
  /** Offline chat notifications by e-mail, WhatsApp or Telegram; off when absent. */
  chatNotices?: ChatNoticeMessenger;
  google: GoogleIdTokenVerifier;
  /** The Telegram bot for linking chats; off when absent. */
  telegram?: TelegramChannel;
  /** The WhatsApp status webhook's checks (and simulator); off when absent. */
  whatsapp?: WhatsAppChannel;
  payments: PaymentGateways;
  /** ffprobe and ffmpeg for uploaded videos; Debian's, on the PATH, when absent. */
  videoTools?: VideoTools;
}

export interface BuildOptions {
  providers: Providers;
  /** `false` silences the logger (tests); otherwise pino at the configured level. */
  logger?: false;
  /**
   * Keep the log in the database for the export (decision 350) even with `logger: false`: a test
   * that reads the kept lines turns it on. Otherwise kept unless LOG_STORE_LEVEL is `silent`.
   */
  storeLogs?: boolean;
  /** Runs after everything is registered and before `ready()`: tests add routes here. */
  beforeReady?: (app: App) => void | Promise<void>;
  /** A migrated PGlite data directory to start an in-memory database from (tests). */
  pgliteTemplate?: Blob;
}

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The log store of this app: on for a running server (unless LOG_STORE_LEVEL is silent), off
 * for tests (`logger: false`) unless they ask. Its own troubles go to stdout only.
 */
function createAppLogStore(config: Config, options: BuildOptions): LogStore | undefined {
  if (config.logStore.level === 'silent') return undefined;
  if (options.logger === false && !options.storeLogs) return undefined;
  const own = options.logger === false ? undefined : stdoutLogger(config);
  return createLogStore({
    report: (message, fields) => own?.warn(fields, message),
  });
}

/** The logger option of Fastify: pino writing to stdout, to the store, to both, or none. */
function loggerOf(config: Config, options: BuildOptions, store: LogStore | undefined) {
  if (store) {
    const logger = storingLogger(config, store, options.logger !== false);
    return { loggerInstance: logger as FastifyBaseLogger };
  }
  return { logger: options.logger === false ? false : loggerOptions(config) };
}

function createServer(config: Config, options: BuildOptions, store: LogStore | undefined): App {
  return Fastify({
    ...loggerOf(config, options, store),
    childLoggerFactory: lazyChildLogger,
    genReqId,
    // Our genReqId reads and checks x-request-id itself; Fastify must not take it unchecked.
    requestIdHeader: false,
    // Behind the load balancer the peer is the balancer: only the configured proxies may name
    // the client in X-Forwarded-For, so per-address limits count clients, not the balancer.
    trustProxy: config.trustProxy,
    // The spec writes some paths with a trailing slash (/user/, /topic/); either form works.
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed URL) get the same { code, message } answer.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
}

async function registerHttpPlugins(app: App, config: Config): Promise<void> {
  await app.register(cors, {
    origins: config.corsOrigins,
    methods: CORS_METHODS,
    // Date: the web app's device-clock warning compares it with the device's clock (issue 19).
    exposedHeaders: [REQUEST_ID_HEADER, 'date'],
    maxAgeSeconds: 600,
  });
  await app.register(multipart);
}

/**
 * The living SQL files (db/living-sql.ts) that `migrate()` applies after the migrations: the
 * current database code of the features that have some.
 */
/**
 * The onboarding steps and who reads each (docs/decisions/316-onboarding-and-activation.md): the
 * intro video's reader joins this list from its module (`{ step: 'intro-video', read }`), the
 * optional photo session's too.
 */
export const ONBOARDING_STEP_READERS: OnboardingStepReaders = [
  { step: 'support-group', read: supportGroupStep },
  { step: 'intro-video', read: introVideoStep },
  { step: 'interview', read: interviewStep },
  { step: 'demo-session', read: demoSessionStep },
];

/**
 * Who uses a stored file, one source per module that keeps stored names (the admin's /media page,
 * docs/decisions/347-stored-files.md); profile images are the assets module's own.
 */
export const FILE_USE_SOURCES: readonly FileUseSource[] = [
  mediaFileUses,
  receiptFileUses,
  reportFileUses,
];

export const LIVING_SQL: readonly LivingSql[] = [tutorListingSql];

/** Opens the database and brings its schema up to date; closes it again if that fails. */
async function openDatabase(
  config: Config,
  log: FastifyBaseLogger,
  pgliteTemplate?: Blob,
): Promise<DatabaseHandle> {
  const database = await createDatabase(config, LIVING_SQL, log, pgliteTemplate);
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
export async function buildApp(config: Config, options: BuildOptions): Promise<App> {
  const instanceId = newInstanceId();
  const logStore = createAppLogStore(config, options);
  const app = createServer(config, options, logStore);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The API's security headers and the request id, set as the request arrives (a plain callback
  // hook: the hottest path pays no promise); errors and early answers carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS).header(REQUEST_ID_HEADER, request.id);
    done();
  });
  await registerHttpPlugins(app, config);
  // Watches the routes as they are registered below, so it comes first.
  await app.register(openApiDocument);

  const database = await openDatabase(config, app.log, options.pgliteTemplate).catch(
    async (error: unknown) => {
      await logStore?.close();
      throw error;
    },
  );
  // Lines logged so far waited in the queue; from here they go to the database in batches.
  logStore?.attach(logBatchWriter(database.db, instanceId));
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  // Waiting (briefly) means the adapter's subscriptions exist before the first socket connects.
  if (redis && !(await redis.ready())) app.log.warn('Redis unreachable at start-up; continuing');
  // The database is decorated after this runs, and read only once sockets connect.
  const io = attachRealtime(app, config, redis, (userId) =>
    sessionVersionOf(app.database.db, userId),
  );
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('redis', redis);
  app.decorate('io', io);
  app.decorate('messenger', options.providers.messenger);
  app.decorate('lessonReminders', options.providers.lessonReminders ?? disabledReminderMessenger);
  app.decorate('lessonNotices', options.providers.lessonNotices ?? disabledLessonNoticeMessenger);
  app.decorate('chatNotices', options.providers.chatNotices ?? disabledChatNoticeMessenger);
  app.decorate(
    'paymentNotices',
    options.providers.paymentNotices ?? disabledPaymentNoticeMessenger,
  );
  app.decorate('google', options.providers.google);
  app.decorate('telegram', options.providers.telegram ?? disabledTelegramChannel);
  app.decorate('whatsapp', options.providers.whatsapp ?? disabledWhatsAppChannel);
  app.decorate('assets', createStorage(config));
  app.decorate('payments', options.providers.payments);
  app.decorate('logStore', logStore);
  if (config.testClock) {
    const clock = movableClock();
    app.decorate('clock', clock);
    useTestClock(app, clock);
  } else {
    app.decorate('clock', systemClock());
  }
  // Before the modules: they subscribe to each other's events while they are registered.
  app.decorate('domainEvents', createDomainEventBus(app.log));
  app.decorate(
    'attempts',
    redis
      ? redisAttemptCounterWithFallback(redis.pub, config.redisKeyPrefix)
      : memoryAttemptCounter(),
  );
  // Limits are per route (sign-in, sign-up, codes); counted in Redis so instances share them,
  // in this process while Redis cannot answer (docs/decisions/213-limits-fail-closed.md).
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { store: redisStoreWithFallback(redis.pub, `${config.redisKeyPrefix}rate-limit:`) }
      : {}),
  });
  await app.register(accessControl);
  await app.register(monitoring, {
    token: config.metricsToken,
    version: config.version,
    database,
    redis,
    sockets: () => io.engine.clientsCount,
    ...(logStore ? { logLines: () => logStore.counts() } : {}),
  });
  await app.register(serverStats, {
    instanceId,
    io,
    version: config.version,
    route: config.socketRoute,
    redisKeyPrefix: config.redisKeyPrefix,
    intervalMs: config.serverStatsIntervalMs,
    database,
    redis,
    sockets: () => io.engine.clientsCount,
  });
  // Feature modules register their job handlers while they are registered below.
  const jobs = createJobs();
  app.decorate('jobs', jobs);
  // One hook, so the order is explicit: socket.io leaves its Redis rooms before Redis goes.
  const release = async (): Promise<void> => {
    await jobs.stop();
    await io.close();
    await redis?.close();
    // The last lines (the close's own among them) are written before the database goes.
    await logStore?.close();
    await database.close();
  };
  app.addHook('onClose', release);
  try {
    await app.register(
      async (api) => {
        await api.register(healthRoutes, { database, redis });
        await api.register(referenceRoutes);
        await api.register(authRoutes);
        await api.register(userRoutes);
        await api.register(studentRoutes);
        await api.register(codeRoutes);
        await api.register(telegramRoutes);
        await api.register(whatsappRoutes);
        await api.register(topicRoutes);
        await api.register(tutorRoutes);
        await api.register(tutorListing);
        await api.register(ratingRoutes);
        await api.register(availabilityRoutes);
        await api.register(lessonRoutes);
        await api.register(lessonReminderJobs);
        await api.register(lessonAttendanceJobs);
        await api.register(lessonNoticeJobs);
        await api.register(lessonConfirmationJobs);
        await api.register(calendarRoutes);
        await api.register(assetRoutes);
        await api.register(storedFileRoutes, { uses: FILE_USE_SOURCES });
        await api.register(mediaRoutes, { tools: options.providers.videoTools ?? videoTools() });
        await api.register(planRoutes);
        await api.register(planInviteRoutes);
        await api.register(couponRoutes);
        await api.register(inviteRoutes);
        await api.register(shortLinkRoutes);
        await api.register(subscriptionRoutes);
        await api.register(subscriptionJobs);
        await api.register(fawryRoutes);
        await api.register(paymobRoutes);
        await api.register(paymentNoticeJobs);
        await api.register(transactionRoutes);
        await api.register(invoiceRoutes);
        await api.register(invoiceReportRoutes);
        await api.register(chatRoutes);
        await api.register(sessionRoutes);
        await api.register(contactRoutes);
        await api.register(reportRoutes);
        await api.register(interviewRoutes);
        await api.register(appointmentReminderJobs);
        await api.register(onboardingRoutes, { steps: ONBOARDING_STEP_READERS });
        await api.register(platformSettingsRoutes);
        await api.register(auditRoutes);
        await api.register(logRoutes);
        await api.register(logRetentionJobs);
        await api.register(statsRoutes);
      },
      { prefix: API_PREFIX },
    );
    if (docsPageServed(config.env)) await app.register(docsPage);
    // Before the tests' own routes: every route of the product serves a contract (issue 17).
    assertEveryRouteServesAContract(app);
    await options.beforeReady?.(app);
    await app.ready();
    jobs.start({ db: database.db, log: app.log, pollMs: config.jobsPollMs });
  } catch (error) {
    await release();
    throw error;
  }
  return app;
}
