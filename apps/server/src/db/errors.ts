/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it as `cause`). */
function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True when the error is a unique violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error);
  if (pg?.code !== '23505') return false;
  return constraint === undefined || pg.constraint === constraint;
}

/** True when the error is an exclusion-constraint violation, of the named one when given. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error);
  if (pg?.code !== '23P01') return false;
  return constraint === undefined || pg.constraint === constraint;
}

/** Socket errors of a database that cannot be reached (stopped, restarting, network cut). */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres's own words for a connection that broke or could not be had in time. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
];

/**
 * True when the error says the database cannot be reached now (not that the query was wrong):
 * a refused, reset or timed-out connection, PostgreSQL's connection exceptions (class 08),
 * a shutdown or start-up in progress (57P01-57P03) or too many connections (53300). Such a
 * request answers 503 `service-unavailable`, as health does, instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_SOCKET_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) {
        return true;
      }
    }
    if (
      UNREACHABLE_MESSAGES.some(
        (words) => current instanceof Error && current.message.includes(words),
      )
    ) {
      return true;
    }
    current = (current as Error).cause;
  }
  return false;
}
