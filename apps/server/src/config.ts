import { join } from 'node:path';
import { z } from 'zod';
import { ENVIRONMENTS, LOCAL_PORTS } from '@talaqa/domain';
import type { Environment } from '@talaqa/domain';
import { REPO_ROOT } from './paths';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type AppName = 'web' | 'admin' | 'landing';

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

/** The secret has no safe default outside a developer's machine. */
function secretProblem(env: Env): string | undefined {
  const deployed = env.APP_ENV === 'staging' || env.APP_ENV === 'production';
  return deployed && !env.JWT_SECRET
    ? 'JWT_SECRET: is required when APP_ENV is not local'
    : undefined;
}

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
    publicUrls: withoutUndefined({
      api: v.PUBLIC_API_URL,
      web: v.PUBLIC_WEB_URL,
      admin: v.PUBLIC_ADMIN_URL,
      landing: v.PUBLIC_LANDING_URL,
    }),
  };
}
