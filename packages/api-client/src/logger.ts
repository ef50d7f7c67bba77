/**
 * The client's logger (spec section 8; docs/decisions/349-client-log.md): a bounded ring buffer
 * of the app's recent lines (time, level, message, a small context), so a problem report can carry
 * them. Fed by the client's own failure spots (realtime connection failures, HTTP failures), by
 * `console.warn`/`console.error` once `captureConsole` is installed (the toast's empty label, the
 * route error page, the call's warnings) and by the window's `error` and `unhandledrejection`.
 * Secrets never enter it: tokens, passwords and signed links are replaced by `[redacted]` before
 * a line is kept. `logFile()` gives the lines as the text file the spec names: the user agent and
 * the page address first, named from the date and a random number.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  /** ISO 8601 instant. */
  at: string;
  level: LogLevel;
  message: string;
  /** The context as redacted JSON (or text), cut to CONTEXT_MAX_CHARS. */
  context?: string;
}

export interface LogFile {
  /** `<YYYY-MM-DD>-<random>.txt` (the date in UTC, as the lines' times). */
  name: string;
  text: string;
}

export interface LogFileEnvironment {
  userAgent?: string;
  url?: string;
  /** Epoch ms; default the log's clock. */
  now?: number;
  /** The random part of the name; default 8 random digits. */
  random?: string;
}

export interface ClientLog {
  /** Keeps a line without writing it to the console. */
  record(level: LogLevel, message: string, context?: unknown): void;
  /** Keeps a line and writes it to the console too (`console.warn`, `console.error`, …). */
  info(message: string, context?: unknown): void;
  warn(message: string, context?: unknown): void;
  error(message: string, context?: unknown): void;
  /** The kept lines, oldest first. */
  lines(): readonly LogLine[];
  clear(): void;
  /** The lines as the text file of a problem report. */
  file(environment?: LogFileEnvironment): LogFile;
}

export interface ClientLogOptions {
  /** How many lines are kept; older ones are dropped. Default 200. */
  capacity?: number;
  /** Epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Where `info`/`warn`/`error` echo. Default the global console. */
  console?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export const LOG_CAPACITY = 200;
export const MESSAGE_MAX_CHARS = 1000;
export const CONTEXT_MAX_CHARS = 1000;
const REDACTED = '[redacted]';

/** Keys whose values are never kept, in any context object (any case, any part of the key). */
const SECRET_KEY =
  /pass(word)?|token|secret|authori[sz]ation|cookie|otp|cvv|card.?number|signature|api.?key|credential/i;

/** Query parameters that carry secrets in our links (invite and reset tokens, signed links). */
const SECRET_QUERY =
  /([?&#](?:[\w-]*token|invite|code|password|signature|sig|key|secret|expires|hmac)=)[^&#\s"']*/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi;
/** A JSON web token: three base64url parts, the first one `{"` encoded. */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
/** `password=…`, `"token": "…"` and the like inside a message. */
const SECRET_PAIR =
  /((?:"|\b)(?:pass(?:word)?|[\w-]*token|secret|authori[sz]ation|cookie|otp|cvv)"?\s*[:=]\s*"?)(?!\[redacted\]|Bearer\b|Basic\b)[^"&,;}\s]+/gi;

/** Replaces tokens, passwords and signed-link secrets in a text by `[redacted]`. */
export function redact(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(SECRET_PAIR, `$1${REDACTED}`);
}

const cut = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  const { code, status } = error as Error & { code?: unknown; status?: unknown };
  if (code !== undefined) fields.code = code;
  if (status !== undefined) fields.status = status;
  if (error.stack) fields.stack = error.stack.split('\n').slice(0, 6).join('\n');
  return fields;
}

/** The context as redacted JSON: secret keys dropped, errors as their fields, cycles cut. */
export function contextText(context: unknown): string | undefined {
  if (context === undefined) return undefined;
  if (typeof context === 'string') return cut(redact(context), CONTEXT_MAX_CHARS);
  const seen = new WeakSet<object>();
  let json: string | undefined;
  try {
    json = JSON.stringify(context, (key, value: unknown) => {
      if (key && SECRET_KEY.test(key)) return REDACTED;
      if (value instanceof Error) return errorFields(value);
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'function' || typeof value === 'symbol') return undefined;
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[cycle]';
        seen.add(value);
      }
      return value;
    });
  } catch {
    json = String(context);
  }
  return json === undefined ? undefined : cut(redact(json), CONTEXT_MAX_CHARS);
}

/** `YYYY-MM-DD` of an instant, in UTC (as the lines' times). */
const dayOf = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

function randomDigits(): string {
  const values = new Uint32Array(1);
  globalThis.crypto.getRandomValues(values);
  return String((values[0] ?? 0) % 100_000_000).padStart(8, '0');
}

/** The spec's file name: the date and a random number, `2026-11-27-04817233.txt`. */
export const logFileName = (epochMs: number, random: string = randomDigits()): string =>
  `${dayOf(epochMs)}-${random}.txt`;

export const formatLogLine = (line: LogLine): string =>
  `${line.at} ${line.level.toUpperCase()} ${line.message}${line.context ? ` ${line.context}` : ''}`;

/** While the logger writes to the console itself, `captureConsole` must not keep it twice. */
let echoing = false;

export function createClientLog(options: ClientLogOptions = {}): ClientLog {
  const capacity = Math.max(1, options.capacity ?? LOG_CAPACITY);
  const now = options.now ?? (() => Date.now());
  const buffer: LogLine[] = [];

  function record(level: LogLevel, message: string, context?: unknown): void {
    const line: LogLine = {
      at: new Date(now()).toISOString(),
      level,
      message: cut(redact(message), MESSAGE_MAX_CHARS),
    };
    const text = contextText(context);
    if (text !== undefined) line.context = text;
    buffer.push(line);
    if (buffer.length > capacity) buffer.splice(0, buffer.length - capacity);
  }

  function echo(level: 'info' | 'warn' | 'error', message: string, context?: unknown): void {
    record(level, message, context);
    const target = options.console ?? globalThis.console;
    echoing = true;
    try {
      if (context === undefined) target[level](message);
      else target[level](message, context);
    } finally {
      echoing = false;
    }
  }

  return {
    record,
    info: (message, context) => echo('info', message, context),
    warn: (message, context) => echo('warn', message, context),
    error: (message, context) => echo('error', message, context),
    lines: () => [...buffer],
    clear: () => {
      buffer.length = 0;
    },
    file(environment = {}) {
      const at = environment.now ?? now();
      const header = [
        `user-agent: ${environment.userAgent ?? globalThis.navigator?.userAgent ?? ''}`,
        `url: ${redact(environment.url ?? globalThis.location?.href ?? '')}`,
        `saved: ${new Date(at).toISOString()}`,
        `lines: ${buffer.length}`,
        '',
      ];
      return {
        name: logFileName(at, environment.random),
        text: `${[...header, ...buffer.map(formatLogLine)].join('\n')}\n`,
      };
    },
  };
}

/** The app's one log (what a problem report sends). */
export const clientLog: ClientLog = createClientLog();

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return contextText(value) ?? String(value);
}

/**
 * Keeps what the app writes with `console.warn` and `console.error` (it still reaches the
 * console). Answers the function that puts the console back.
 */
export function captureConsole(
  log: ClientLog = clientLog,
  target: Pick<Console, 'warn' | 'error'> = globalThis.console,
): () => void {
  const original = { warn: target.warn, error: target.error };
  const wrap =
    (level: 'warn' | 'error') =>
    (...args: unknown[]): void => {
      if (!echoing) {
        // Words and errors make the message; the first error (else the other values) the context.
        const spoken = args.filter((arg) => typeof arg === 'string' || arg instanceof Error);
        const others = args.filter((arg) => typeof arg !== 'string' && !(arg instanceof Error));
        const error = args.find((arg): arg is Error => arg instanceof Error);
        log.record(
          level,
          spoken.map(describe).join(' '),
          error ?? (others.length > 0 ? others : undefined),
        );
      }
      original[level].apply(target, args);
    };
  target.warn = wrap('warn');
  target.error = wrap('error');
  return () => {
    target.warn = original.warn;
    target.error = original.error;
  };
}

/** Keeps the window's uncaught errors and unhandled promise rejections. */
export function captureWindowErrors(
  log: ClientLog = clientLog,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onError = (event: ErrorEvent) =>
    log.record('error', `uncaught: ${event.message || 'error'}`, {
      source: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined,
      error: event.error as unknown,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    log.record('error', `unhandled rejection: ${describe(event.reason)}`, {
      reason: event.reason as unknown,
    });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
