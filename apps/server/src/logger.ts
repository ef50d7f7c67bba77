import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Bindings, ChildLoggerOptions, Logger, LoggerOptions, StreamEntry } from 'pino';
import type { Config, LogLevel } from './config';
import type { LogStore } from './log-store';

const SENSITIVE_FIELDS = ['password', 'token', 'secret', 'accessToken', 'refreshToken'];

/**
 * pino's redaction has no "any depth" wildcard, so secrets are listed at the depths our log
 * calls use: top level, inside one object (`{ body: { password } }`) and inside two.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Secrets that travel in a request's address, masked in the request line: the calendar feed's
 * token (`GET /api/v1/calendar/{token}.ics`, which calendar apps fetch without a session) and
 * query parameters named like one (`hub.verify_token` of the WhatsApp handshake, an OAuth `code`).
 * The kept log (decision 350) puts request lines in admins' hands; stdout gets the same mask.
 */
const SECRET_IN_PATH = /^(\/api\/v\d+\/calendar\/)[^/?#]+(\.ics)/;
const SECRET_PARAMETER = /([?&](?:[^=&#]*[._-])?(?:token|secret|password|code|key)=)[^&#]*/gi;
export const urlWithoutSecrets = (url: string): string =>
  url.replace(SECRET_IN_PATH, '$1[redacted]$2').replace(SECRET_PARAMETER, '$1[redacted]');

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the address's secrets masked. */
function requestLine(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? urlWithoutSecrets(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pretty lines only for a developer watching a terminal; JSON everywhere else. */
function prettyTransport(config: Config): LoggerOptions['transport'] {
  if (config.env !== 'local' || !process.stdout.isTTY) return undefined;
  try {
    // pino-pretty is a dev dependency: absent in a production install, so JSON it is.
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return {
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestLine },
    transport: prettyTransport(config),
  };
}

/**
 * A logger to stdout only, for the log store's notices about itself: they must never be queued
 * into the store they are about (decision 350).
 */
export function stdoutLogger(config: Config): Logger {
  const { transport: _pretty, ...options } = loggerOptions(config);
  return pino({ ...options, level: 'warn' }, pino.destination(1));
}

/** The lower of two levels: the logger must let through what either destination wants. */
const lowerLevel = (a: LogLevel, b: LogLevel): LogLevel =>
  (LEVEL_VALUES[a] ?? 0) <= (LEVEL_VALUES[b] ?? 0) ? a : b;

/**
 * The app's logger when the log store keeps lines (docs/decisions/350-log-export.md): one pino
 * (one redaction, so the stored line is the redacted one stdout gets) writing to stdout at
 * LOG_LEVEL and to the store at LOG_STORE_LEVEL. `stdout: false` (tests) keeps only the store.
 */
export function storingLogger(config: Config, store: LogStore, stdout = true): Logger {
  const { transport, ...options } = loggerOptions(config);
  const storeLevel = config.logStore.level;
  if (storeLevel === 'silent') throw new Error('LOG_STORE_LEVEL=silent keeps no log store');
  const streams: StreamEntry[] = [{ level: storeLevel, stream: store.stream }];
  if (stdout && config.logLevel !== 'silent') {
    const out = transport ? pino.transport(transport) : pino.destination(1);
    streams.push({ level: config.logLevel, stream: out });
  }
  const level = stdout ? lowerLevel(config.logLevel, storeLevel) : storeLevel;
  return pino({ ...options, level }, pino.multistream(streams));
}

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Each request's logger, made only once something is logged at an enabled level. Making a pino
 * child serializes and redacts its bindings; at levels that log nothing per request that cost
 * about a sixth of a cached tutors page (bench/RESULTS.md). A route with its own log level gets
 * its child at once.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined) return parent.child(bindings, options);
  return new LazyChildLogger(parent, bindings, options);
}

/** A class, so a request that logs nothing costs one small object and no closures. */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.madeChild().level = level;
  }

  fatal(...args: unknown[]): void {
    this.forward('fatal', args);
  }

  error(...args: unknown[]): void {
    this.forward('error', args);
  }

  warn(...args: unknown[]): void {
    this.forward('warn', args);
  }

  info(...args: unknown[]): void {
    this.forward('info', args);
  }

  debug(...args: unknown[]): void {
    this.forward('debug', args);
  }

  trace(...args: unknown[]): void {
    this.forward('trace', args);
  }

  silent(): void {}

  child(childBindings: Bindings, childOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.madeChild().child(childBindings, childOptions);
  }

  private madeChild(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private forward(method: LogMethod, args: unknown[]): void {
    if ((LEVEL_VALUES[method] ?? 0) < (LEVEL_VALUES[this.level] ?? 0)) return;
    const log = this.madeChild();
    (log[method] as (...logged: unknown[]) => void).apply(log, args);
  }
}
