import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  LOCAL_PORTS,
  SERVER_STATS_INTERVAL_MS,
  VIDEO_MAX_BYTES,
} from '@talaqa/domain';
import type { Environment } from '@talaqa/domain';
import { isLoopbackHost } from './integrations/email/sender';
import { FAWRY_PRODUCTION_URL, FAWRY_STAGING_URL } from './integrations/fawry/protocol';
import { PAYMOB_SIMULATOR_INTEGRATION_ID } from './integrations/paymob/simulator';
import { WHATSAPP_DEFAULT_API_VERSION } from './integrations/whatsapp/versions';
import { PAYMOB_DEFAULT_API_URL } from './integrations/paymob/wire';
import { REPO_ROOT } from './paths';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/**
 * The least level kept for the log export unless LOG_STORE_LEVEL says otherwise: chosen by
 * measuring the tutors list with and without the store (bench/RESULTS.md, decision 350).
 */
export const DEFAULT_LOG_STORE_LEVEL: LogLevel = 'warn';

export type AppName = 'web' | 'admin' | 'landing';

/** Where the S3 storage adapter stores: the bucket, and the client's endpoint and credentials. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, Ceph, R2...); unset for AWS itself. */
  endpoint?: string;
  /** Path-style addresses (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The server's whole configuration, read once at start-up. */
export interface Config {
  env: Environment;
  host: string;
  port: number;
  /** PostgreSQL when set; the embedded PGlite database otherwise. */
  databaseUrl: string | undefined;
  /** PGlite data folder, or `memory://` for a throwaway in-memory database. */
  pgliteDir: string;
  /** Enables the socket.io Redis adapter (and later caches and rate limits in Redis). */
  redisUrl: string | undefined;
  jwtSecret: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  corsOrigins: string[];
  logLevel: LogLevel;
  /** Serve the built front ends on their own ports from this process. */
  serveApps: boolean;
  appPorts: Record<AppName, number>;
  /** Folder holding `apps/<name>/dist`. */
  appsDistDir: string;
  /**
   * Public origins the served apps use to reach the API and each other. Unset means "the page's
   * own host name on the configured port", which is right for one machine.
   */
  publicUrls: Partial<Record<'api' | AppName, string>>;
  /** Folder of uploaded files (profile images, receipts, videos) when stored on disk. */
  uploadsDir: string;
  /**
   * Where uploads are stored: this machine's disk (`uploadsDir`), or an S3-compatible bucket that
   * every instance shares (docs/decisions/311-media-storage.md).
   */
  mediaStorage: { kind: 'disk' } | { kind: 's3'; s3: S3StorageConfig };
  /** The most bytes an uploaded video may have: VIDEO_MAX_BYTES (tests set less). */
  videoMaxBytes: number;
  /** How often the job runner looks for due jobs, in milliseconds. */
  jobsPollMs: number;
  /** How long a page of the public tutors list is cached, in seconds; 0 turns the cache off. */
  tutorsCacheSeconds: number;
  /** Prefix of every Redis key this deployment writes (so environments can share one Redis). */
  redisKeyPrefix: string;
  /**
   * This instance's short name behind a load balancer (SOCKET_ROUTE): the start of every socket.io
   * session id it hands out, so the balancer sends a session's later requests back to it
   * (deploy/nginx/talaqa.conf). docs/decisions/268-socket-sessions-routed-by-id.md
   */
  socketRoute: string | undefined;
  /**
   * The lesson room's ICE servers (GET /session/token): STUN and TURN URLs, the secret shared
   * with coturn (`static-auth-secret`) that signs short-lived TURN credentials, and how long they
   * hold. Local defaults match the coturn that `.ci/run` starts. docs/decisions/288-turn-credentials.md
   */
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string; turnTtlSeconds: number };
  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Fastify's `trustProxy`): none
   * (`false`), or these addresses and CIDR ranges. It decides `request.ip`, the key of every
   * per-address limit.
   */
  trustProxy: TrustProxy;
  /** Addresses exempt from per-address abuse limits (a gateway, a test runner); per-account limits still apply. */
  trustedAddresses: string[];
  /** Start the local provider simulators (e-mail, WhatsApp, Telegram, Google) with this process. */
  simulators: { enabled: boolean; host: string; ports: SimulatorPorts };
  /**
   * TEST_CLOCK (APP_ENV=local only, off by default): the business clock can be moved through
   * PUT /api/v1/test/clock, so a browser journey reaches a meeting's start (record 334).
   */
  testClock: boolean;
  /**
   * `allowPlaintext` (SMTP_ALLOW_PLAINTEXT): a password may go without TLS, to a server on this
   * machine only; otherwise smtp:// with a password requires STARTTLS.
   */
  email: { smtpUrl: string | undefined; from: string; allowPlaintext: boolean };
  whatsapp: WhatsAppConfig | undefined;
  telegram: TelegramConfig | undefined;
  google: { clientId: string; jwksUrl: string; authUrl: string };
  /** FawryPay: the real gateway, or the local simulator (then baseUrl is set once it listens). */
  fawry: FawryConfig;
  /** Paymob (Accept): the real gateway, or the local simulator. */
  paymob: PaymobConfig;
  /**
   * The bearer token Prometheus sends to `GET /metrics` (METRICS_TOKEN); unset means the route is
   * not served at all. docs/deploy.md
   */
  metricsToken: string | undefined;
  /** What this build is (APP_VERSION, e.g. the commit deployed): shown by the metrics. */
  version: string;
  /** How often a watched instance sends its ServerStats (SERVER_STATS_INTERVAL_MS; decision 342). */
  serverStatsIntervalMs: number;
  /**
   * The server log kept in the database for the admins' export (docs/decisions/350-log-export.md):
   * the least level stored (LOG_STORE_LEVEL; `silent` stores nothing), how many days a line is
   * kept (LOG_RETENTION_DAYS) and the most lines one export holds (LOG_EXPORT_MAX_LINES).
   */
  logStore: { level: LogLevel; retentionDays: number; exportMaxLines: number };
}

export type TrustProxy = false | string[];

export interface FawryConfig {
  baseUrl: string;
  merchantCode: string;
  securityKey: string;
  /**
   * Bank installments (POST /fawry/pay/bank-installments, the checkout's installments tab): off
   * until their signature order and endpoint are confirmed on Fawry's staging (README.md).
   */
  installmentsEnabled: boolean;
}
export interface PaymobConfig {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: number[];
}

export interface SimulatorPorts {
  smtp: number;
  whatsapp: number;
  telegram: number;
  outbox: number;
  google: number;
  fawry: number;
  paymob: number;
}
export interface WhatsAppConfig {
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  templateName: string;
  languageCode: string;
  /** The Meta app's secret: key of the status webhook's X-Hub-Signature-256. */
  appSecret: string;
  /** Ours, given in the app dashboard: the webhook's verification handshake checks it. */
  verifyToken: string;
}
export interface TelegramConfig {
  apiUrl: string;
  botToken: string;
  botUsername: string;
  webhookSecret: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Only for APP_ENV=local: a fixed secret so a fresh checkout starts with no setup. */
export const LOCAL_JWT_SECRET = 'talaqa-local-development-secret-do-not-use-in-production';
export const DEFAULT_ACCESS_TOKEN_TTL = 7 * 24 * 60 * 60;
const MIN_SECRET_LENGTH = 32;

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65_535, 'must be a port number')
    .default(fallback);

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const isOrigin = (value: string): boolean => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
};

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .refine((origins) => origins.every(isOrigin), 'must be a comma list of origins like http://x:1');

/** proxy-addr's names for ranges (loopback: 127.0.0.1/8 and ::1/128, and so on). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, read as Fastify's `trustProxy` takes it: `false` (or unset) trusts no peer; a comma
 * list trusts those addresses and CIDR ranges (the load balancer's) to name the client in
 * `X-Forwarded-For`. Refused, with the reason, since each lets a client name its own address and
 * slip past every per-address limit: `true` (every peer), and a hop count, which Fastify 5.12
 * no longer honours for that reason (a client reaching the server directly is hop 0).
 * Answers a problem as a string. docs/decisions/240-trusted-proxies.md
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    return 'must not be true (any client could forge its address): list the balancer addresses';
  }
  if (/^\d+$/.test(value)) {
    return 'must list the balancer addresses, not a hop count (Fastify ignores hop counts: a direct client could forge its address)';
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    return `must be false or a comma list of addresses and CIDR ranges (not ${wrong.join(', ') || 'empty'})`;
  }
  return entries;
}

/** The local coturn's shared secret (`.ci/run` starts it with this `static-auth-secret`). */
export const LOCAL_TURN_SECRET = 'talaqa-local-turn-secret';

const urlList = (value: string): string[] =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

const envSchema = z.object({
  APP_ENV: z.enum(ENVIRONMENTS, {
    error: (issue) =>
      issue.input === undefined
        ? `is required: one of ${ENVIRONMENTS.join(', ')}`
        : `must be one of ${ENVIRONMENTS.join(', ')}`,
  }),
  PORT: port(LOCAL_PORTS.api),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
    .optional(),
  PGLITE_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// URL')
    .optional(),
  JWT_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  ACCESS_TOKEN_TTL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .positive('must be positive')
    .default(DEFAULT_ACCESS_TOKEN_TTL),
  CORS_ORIGINS: originList.optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  SERVE_APPS: flag.default(false),
  WEB_PORT: port(LOCAL_PORTS.web),
  ADMIN_PORT: port(LOCAL_PORTS.admin),
  LANDING_PORT: port(LOCAL_PORTS.landing),
  APPS_DIST_DIR: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
  MEDIA_STORAGE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  S3_ENDPOINT: z.string().url('must be a URL like http://127.0.0.1:9000').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .positive('must be positive')
    .default(1000),
  TUTORS_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (no cache) or more')
    .default(60),
  RATE_LIMIT_TRUSTED_ADDRESSES: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('talaqa:'),
  SOCKET_ROUTE: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/, 'must be 1 to 16 lowercase letters or digits')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  APP_VERSION: z.string().default('local'),
  SERVER_STATS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(SERVER_STATS_INTERVAL_MS),
  LOG_STORE_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default(DEFAULT_LOG_STORE_LEVEL),
  LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be 1 or more')
    .max(365, 'must be at most 365')
    .default(14),
  LOG_EXPORT_MAX_LINES: z.coerce
    .number({ error: 'must be a number of lines' })
    .int('must be a whole number of lines')
    .min(1, 'must be 1 or more')
    .max(5_000_000, 'must be at most 5000000')
    .default(500_000),
  STUN_URLS: z.string().default('stun:127.0.0.1:3478'),
  TURN_URLS: z
    .string()
    .default('turn:127.0.0.1:3478?transport=udp,turn:127.0.0.1:3478?transport=tcp'),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').default(LOCAL_TURN_SECRET),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  SIMULATORS: flag.optional(),
  TEST_CLOCK: flag.default(false),
  SIMULATOR_HOST: z.string().default('127.0.0.1'),
  SMTP_SIMULATOR_PORT: port(4525),
  WHATSAPP_SIMULATOR_PORT: port(4510),
  TELEGRAM_SIMULATOR_PORT: port(4520),
  OUTBOX_PORT: port(4530),
  GOOGLE_SIMULATOR_PORT: port(4540),
  FAWRY_SIMULATOR_PORT: port(4550),
  PAYMOB_SIMULATOR_PORT: port(4560),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_ALLOW_PLAINTEXT: flag.default(false),
  EMAIL_FROM: z.string().default('"طلاقة" <no-reply@talaqa.eg>'),
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must be a Graph API version like v26.0')
    .default(WHATSAPP_DEFAULT_API_VERSION),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_TEMPLATE: z.string().default('talaqa_code'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('ar'),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TELEGRAM_API_URL: z.string().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 of A-Z a-z 0-9 _ -')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z
    .string()
    .url('must be a URL')
    .default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: z
    .string()
    .url('must be a URL')
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  FAWRY_BASE_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://www.atfawry.com')
    .optional(),
  FAWRY_MERCHANT_CODE: z.string().optional(),
  FAWRY_SECURITY_KEY: z.string().optional(),
  FAWRY_INSTALLMENTS_ENABLED: flag.default(false),
  PAYMOB_API_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://accept.paymob.com')
    .default(PAYMOB_DEFAULT_API_URL),
  PAYMOB_SECRET_KEY: z.string().optional(),
  PAYMOB_PUBLIC_KEY: z.string().optional(),
  PAYMOB_HMAC_SECRET: z.string().optional(),
  PAYMOB_INTEGRATION_IDS: z
    .string()
    .regex(
      /^\s*\d+(\s*,\s*\d+)*\s*$/,
      'must be a comma list of integration ids like 4900001,4900002',
    )
    .transform((value) => value.split(',').map((id) => Number(id.trim())))
    .optional(),
  PUBLIC_API_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://api.example.com')
    .optional(),
  PUBLIC_WEB_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://app.example.com')
    .optional(),
  PUBLIC_ADMIN_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://admin.example.com')
    .optional(),
  PUBLIC_LANDING_URL: z
    .string()
    .refine(isOrigin, 'must be an origin like https://example.com')
    .optional(),
});

type Env = Record<string, string | undefined>;

/** A blank variable (common in .env files) means "not set". */
const withoutBlanks = (env: Env): Env =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));

/** Bits a deployed JWT_SECRET must carry at least, by `secretStrengthBits`: 32 random bytes. */
export const MIN_SECRET_BITS = 256;
/** Below this, by `secretPatternBits`, a secret is a pattern (repeats), whatever its alphabet. */
const MIN_PATTERN_BITS = 128;

const HEX = /^[0-9a-f]+$/i;
// Standard and URL-safe base64, unpadded (padding carries nothing).
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)$/;
/** Printable ASCII: the most a character typed or generated as text is credited with. */
const MAX_BITS_PER_CHARACTER = Math.log2(95);

/**
 * The most a secret can carry if it was drawn at random from the alphabet it is written in:
 * hex 4 bits a character, base64 or base64url 6 (the output of `openssl rand -hex 32` and
 * `-base64 32`), anything else log2 of its distinct characters, at most log2(95). So 64 hex or
 * 43 base64 characters reach 256 bits and 32 hex characters (16 bytes) do not.
 */
export function secretStrengthBits(secret: string): number {
  const text = BASE64.test(secret.replace(/=+$/, '')) ? secret.replace(/=+$/, '') : secret;
  const characters = [...text];
  const distinct = new Set(characters).size;
  if (distinct < 2) return 0;
  const perCharacter = HEX.test(text)
    ? 4
    : BASE64.test(text)
      ? 6
      : Math.min(Math.log2(distinct), MAX_BITS_PER_CHARACTER);
  return characters.length * perCharacter;
}

/**
 * A rough test for patterns the alphabet estimate cannot see (`ab` x 40 is hex): length times
 * log2 of the distinct characters. Random output passes easily (43 base64 characters hold about
 * 32 distinct ones, 43 x 5 bits); a repeated character is 0, a short alphabet repeated is little.
 */
function secretPatternBits(secret: string): number {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  return distinct < 2 ? 0 : characters.length * Math.log2(distinct);
}

/**
 * The secret has no safe default outside a developer's machine: there it is required, at least
 * 32 bytes, never the published local secret, not a pattern, and 32 random bytes' worth of text
 * by its alphabet (MIN_SECRET_BITS).
 */
function secretProblem(env: Env): string | undefined {
  const deployed = env.APP_ENV === 'staging' || env.APP_ENV === 'production';
  if (!deployed) return undefined;
  const secret = env.JWT_SECRET;
  if (!secret) return 'JWT_SECRET: is required when APP_ENV is not local';
  if (secret.includes(LOCAL_JWT_SECRET)) {
    return 'JWT_SECRET: must not be the published local development secret outside APP_ENV=local';
  }
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_LENGTH) {
    return `JWT_SECRET: must be at least ${MIN_SECRET_LENGTH} bytes`;
  }
  if (secretPatternBits(secret) < MIN_PATTERN_BITS) {
    return 'JWT_SECRET: is too predictable (repeated characters); use `openssl rand -base64 32`';
  }
  if (secretStrengthBits(secret) < MIN_SECRET_BITS) {
    return `JWT_SECRET: must hold at least 32 random bytes (${MIN_SECRET_BITS} bits; 64 hex or 43 base64 characters); use \`openssl rand -base64 32\``;
  }
  return undefined;
}

/** A clock anyone may move is for a developer's machine and its browser tests only. */
function testClockProblem(env: Env): string[] {
  const on = ['true', '1', 'yes'].includes(env.TEST_CLOCK ?? '');
  return on && env.APP_ENV !== 'local' ? ['TEST_CLOCK: only allowed when APP_ENV is local'] : [];
}

/** Outside a developer's machine the real providers must be configured, and no simulator runs. */
function providerProblems(env: Env): string[] {
  if (env.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.SIMULATORS === 'true' || env.SIMULATORS === '1' || env.SIMULATORS === 'yes') {
    problems.push('SIMULATORS: must be off in production');
  }
  if (!env.SMTP_URL) problems.push('SMTP_URL: is required in production');
  if (!env.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: is required in production');
  if (!env.TURN_SECRET || env.TURN_SECRET === LOCAL_TURN_SECRET) {
    problems.push('TURN_SECRET: is required in production (the secret coturn shares)');
  }
  return problems;
}

const truthy = (value: string | undefined): boolean =>
  value !== undefined && ['true', '1', 'yes'].includes(value);

/**
 * SMTP and TLS: smtps:// is TLS from the start, smtp:// with a password requires STARTTLS (see
 * integrations/email/sender.ts). SMTP_ALLOW_PLAINTEXT waives that for a server on this machine
 * only; query options (nodemailer would let them override TLS) are refused.
 */
function smtpProblems(env: Env): string[] {
  const url = env.SMTP_URL;
  if (!url || !URL.canParse(url)) return [];
  const parsed = new URL(url);
  const problems: string[] = [];
  if (parsed.search) {
    problems.push(
      'SMTP_URL: options in the query string are not read (TLS follows smtps:// or STARTTLS)',
    );
  }
  if (parsed.protocol === 'smtp:' && parsed.port === '465') {
    problems.push('SMTP_URL: port 465 is TLS from the start: use smtps://');
  }
  if (truthy(env.SMTP_ALLOW_PLAINTEXT) && !isLoopbackHost(parsed.hostname)) {
    problems.push(
      `SMTP_ALLOW_PLAINTEXT: only for an SMTP server on this machine (127.0.0.1, ::1, localhost), not ${parsed.hostname}`,
    );
  }
  return problems;
}

/** S3 storage needs its bucket; keys go in pairs (none: the SDK's default credential chain). */
function mediaStorageProblems(env: Env): string[] {
  if (env.MEDIA_STORAGE !== 's3') return [];
  return [
    ...(env.S3_BUCKET ? [] : ['S3_BUCKET: is required when MEDIA_STORAGE is s3']),
    ...groupProblem(env, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
  ];
}

const FAWRY_KEYS = ['FAWRY_MERCHANT_CODE', 'FAWRY_SECURITY_KEY'];
const PAYMOB_KEYS = [
  'PAYMOB_SECRET_KEY',
  'PAYMOB_PUBLIC_KEY',
  'PAYMOB_HMAC_SECRET',
  'PAYMOB_INTEGRATION_IDS',
];

const simulatorsOn = (env: Env): boolean =>
  env.SIMULATORS === undefined
    ? env.APP_ENV === 'local'
    : ['true', '1', 'yes'].includes(env.SIMULATORS);

/**
 * Payments move real money: outside a developer's machine, unless the simulators stand in for
 * the gateways (staging may run them), every key of both gateways must be given.
 */
function paymentProblems(env: Env): string[] {
  if (env.APP_ENV !== 'staging' && env.APP_ENV !== 'production') return [];
  if (env.APP_ENV === 'staging' && simulatorsOn(env)) return [];
  return [...FAWRY_KEYS, ...PAYMOB_KEYS]
    .filter((name) => !env[name])
    .map((name) => `${name}: is required when APP_ENV is ${env.APP_ENV}`);
}

/** A provider is on when all its settings are given, off when none are; half is a mistake. */
function groupProblem(env: Env, names: string[]): string[] {
  const given = names.filter((name) => env[name]);
  if (given.length === 0 || given.length === names.length) return [];
  const missing = names.filter((name) => !env[name]);
  return missing.map((name) => `${name}: is required with ${given.join(', ')}`);
}

/**
 * The gateway keys of a developer's machine (and tests): the local simulators are started with
 * them. Never valid at Fawry or Paymob; staging and production must set their own.
 */
export const LOCAL_FAWRY = {
  merchantCode: 'talaqa-local-merchant',
  securityKey: 'talaqa-local-fawry-secure-key',
} as const;
export const LOCAL_PAYMOB = {
  secretKey: 'egy_sk_test_talaqa_local',
  publicKey: 'egy_pk_test_talaqa_local',
  hmacSecret: 'talaqa-local-paymob-hmac-secret',
  integrationIds: [PAYMOB_SIMULATOR_INTEGRATION_ID],
} as const;

/** The Google client id the local simulator accepts (see integrations/google/simulator). */
export const LOCAL_GOOGLE_CLIENT_ID = 'talaqa-local.apps.googleusercontent.com';

const withoutUndefined = <T>(record: Record<string, T | undefined>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record<
    string,
    T
  >;

const localOrigins = (ports: number[]): string[] =>
  ports.flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);

/**
 * Reads the configuration from an environment object (pure: pass `process.env` or a literal).
 * Throws a ConfigError naming every missing or invalid variable.
 */
export function loadConfig(rawEnv: Env, repoRoot: string = REPO_ROOT): Config {
  const env = withoutBlanks(rawEnv);
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const secret = secretProblem(env);
  if (secret && !problems.some((p) => p.startsWith('JWT_SECRET'))) problems.push(secret);
  problems.push(
    ...testClockProblem(env),
    ...providerProblems(env),
    ...paymentProblems(env),
    ...smtpProblems(env),
    // The status webhook is how a number off WhatsApp is found out: no WhatsApp without it.
    ...groupProblem(env, [
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ]),
    ...mediaStorageProblems(env),
    ...groupProblem(env, [
      'TELEGRAM_BOT_TOKEN',
      'TELEGRAM_BOT_USERNAME',
      'TELEGRAM_WEBHOOK_SECRET',
    ]),
  );
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const v = parsed.data;
  const appPorts = { web: v.WEB_PORT, admin: v.ADMIN_PORT, landing: v.LANDING_PORT };
  return {
    env: v.APP_ENV,
    host: v.HOST,
    port: v.PORT,
    databaseUrl: v.DATABASE_URL,
    pgliteDir: v.PGLITE_DIR ?? join(repoRoot, '.data', 'pglite'),
    redisUrl: v.REDIS_URL,
    jwtSecret: v.JWT_SECRET ?? LOCAL_JWT_SECRET,
    accessTokenTtl: v.ACCESS_TOKEN_TTL,
    corsOrigins: v.CORS_ORIGINS ?? localOrigins(Object.values(appPorts)),
    logLevel: v.LOG_LEVEL,
    serveApps: v.SERVE_APPS,
    appPorts,
    appsDistDir: v.APPS_DIST_DIR ?? repoRoot,
    uploadsDir: v.UPLOADS_DIR ?? join(repoRoot, '.data', 'uploads'),
    videoMaxBytes: VIDEO_MAX_BYTES,
    mediaStorage:
      v.MEDIA_STORAGE === 's3' && v.S3_BUCKET
        ? {
            kind: 's3',
            s3: {
              bucket: v.S3_BUCKET,
              region: v.S3_REGION,
              endpoint: v.S3_ENDPOINT,
              forcePathStyle: v.S3_FORCE_PATH_STYLE,
              credentials:
                v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
                  : undefined,
            },
          }
        : { kind: 'disk' },
    jobsPollMs: v.JOBS_POLL_MS,
    tutorsCacheSeconds: v.TUTORS_CACHE_SECONDS,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    socketRoute: v.SOCKET_ROUTE,
    metricsToken: v.METRICS_TOKEN,
    version: v.APP_VERSION,
    serverStatsIntervalMs: v.SERVER_STATS_INTERVAL_MS,
    logStore: {
      level: v.LOG_STORE_LEVEL,
      retentionDays: v.LOG_RETENTION_DAYS,
      exportMaxLines: v.LOG_EXPORT_MAX_LINES,
    },
    ice: {
      stunUrls: urlList(v.STUN_URLS),
      turnUrls: urlList(v.TURN_URLS),
      turnSecret: v.TURN_SECRET,
      turnTtlSeconds: v.TURN_TTL_SECONDS,
    },
    trustProxy: v.TRUST_PROXY ?? false,
    trustedAddresses: (v.RATE_LIMIT_TRUSTED_ADDRESSES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    testClock: v.TEST_CLOCK,
    simulators: {
      enabled: v.SIMULATORS ?? v.APP_ENV === 'local',
      host: v.SIMULATOR_HOST,
      ports: {
        smtp: v.SMTP_SIMULATOR_PORT,
        whatsapp: v.WHATSAPP_SIMULATOR_PORT,
        telegram: v.TELEGRAM_SIMULATOR_PORT,
        outbox: v.OUTBOX_PORT,
        google: v.GOOGLE_SIMULATOR_PORT,
        fawry: v.FAWRY_SIMULATOR_PORT,
        paymob: v.PAYMOB_SIMULATOR_PORT,
      },
    },
    email: { smtpUrl: v.SMTP_URL, from: v.EMAIL_FROM, allowPlaintext: v.SMTP_ALLOW_PLAINTEXT },
    whatsapp:
      v.WHATSAPP_PHONE_NUMBER_ID &&
      v.WHATSAPP_ACCESS_TOKEN &&
      v.WHATSAPP_APP_SECRET &&
      v.WHATSAPP_VERIFY_TOKEN
        ? {
            apiUrl: v.WHATSAPP_API_URL,
            apiVersion: v.WHATSAPP_API_VERSION,
            phoneNumberId: v.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: v.WHATSAPP_ACCESS_TOKEN,
            templateName: v.WHATSAPP_TEMPLATE,
            languageCode: v.WHATSAPP_TEMPLATE_LANGUAGE,
            appSecret: v.WHATSAPP_APP_SECRET,
            verifyToken: v.WHATSAPP_VERIFY_TOKEN,
          }
        : undefined,
    telegram:
      v.TELEGRAM_BOT_TOKEN && v.TELEGRAM_BOT_USERNAME && v.TELEGRAM_WEBHOOK_SECRET
        ? {
            apiUrl: v.TELEGRAM_API_URL,
            botToken: v.TELEGRAM_BOT_TOKEN,
            botUsername: v.TELEGRAM_BOT_USERNAME,
            webhookSecret: v.TELEGRAM_WEBHOOK_SECRET,
          }
        : undefined,
    google: {
      clientId: v.GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
      jwksUrl: v.GOOGLE_JWKS_URL,
      authUrl: v.GOOGLE_AUTH_URL,
    },
    fawry: {
      baseUrl:
        v.FAWRY_BASE_URL ?? (v.APP_ENV === 'production' ? FAWRY_PRODUCTION_URL : FAWRY_STAGING_URL),
      merchantCode: v.FAWRY_MERCHANT_CODE ?? LOCAL_FAWRY.merchantCode,
      securityKey: v.FAWRY_SECURITY_KEY ?? LOCAL_FAWRY.securityKey,
      installmentsEnabled: v.FAWRY_INSTALLMENTS_ENABLED,
    },
    paymob: {
      apiUrl: v.PAYMOB_API_URL,
      secretKey: v.PAYMOB_SECRET_KEY ?? LOCAL_PAYMOB.secretKey,
      publicKey: v.PAYMOB_PUBLIC_KEY ?? LOCAL_PAYMOB.publicKey,
      hmacSecret: v.PAYMOB_HMAC_SECRET ?? LOCAL_PAYMOB.hmacSecret,
      integrationIds: v.PAYMOB_INTEGRATION_IDS ?? [...LOCAL_PAYMOB.integrationIds],
    },
    publicUrls: withoutUndefined({
      api: v.PUBLIC_API_URL,
      web: v.PUBLIC_WEB_URL,
      admin: v.PUBLIC_ADMIN_URL,
      landing: v.PUBLIC_LANDING_URL,
    }),
  };
}
