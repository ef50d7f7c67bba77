import { createRequire } from 'node:module';
import type { LoggerOptions } from 'pino';
import type { Config } from './config';

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
    transport: prettyTransport(config),
  };
}
