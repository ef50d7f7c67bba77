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
