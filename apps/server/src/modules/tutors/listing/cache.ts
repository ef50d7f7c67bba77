import type { Redis } from 'ioredis';

/**
 * Where the public tutors list's pages are kept (page-cache.ts is the plugin that uses them).
 * Pages are stored under a generation number: invalidating bumps the generation (one INCR in
 * Redis, shared by every instance), so stale pages are never read again and simply expire; no key
 * scan is needed. Without Redis it is an in-process LRU with the same time to live (one instance
 * only, as docs/decisions/158-tutors-cache.md says).
 */
/**
 * Values are the answer's bytes (UTF-8 JSON): a cached page is written to the socket as it is,
 * without encoding its Arabic text again on every request.
 */
export interface TutorsCache {
  get(key: string): Promise<Buffer | undefined>;
  /** The same answer at once, from a cache held in this process (none for Redis). */
  peek?(key: string): Buffer | undefined;
  set(key: string, value: Buffer): Promise<void>;
  /** Forgets every cached page. */
  clear(): Promise<void>;
}

/**
 * Seconds a cached page lives by default (TUTORS_CACHE_SECONDS): next free times move with the
 * clock, so pages stay short-lived.
 */
export const TUTORS_CACHE_TTL_SECONDS = 60;
/** Pages kept in process at most (least recently used go first). */
export const TUTORS_CACHE_MAX_ENTRIES = 500;

export function memoryTutorsCache(
  ttlMs: number = TUTORS_CACHE_TTL_SECONDS * 1000,
  maxEntries: number = TUTORS_CACHE_MAX_ENTRIES,
  clock: () => number = Date.now,
): TutorsCache {
  const entries = new Map<string, { value: Buffer; expiresAt: number }>();
  const peek = (key: string): Buffer | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expiresAt <= clock()) return undefined;
    entries.set(key, entry); // most recently used last
    return entry.value;
  };
  return {
    peek,
    get: async (key) => peek(key),
    set: async (key, value) => {
      entries.delete(key);
      entries.set(key, { value, expiresAt: clock() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    clear: async () => {
      entries.clear();
    },
  };
}

/** After a command failed (Redis hung: a timeout), the cache is skipped this long. */
export const REDIS_CACHE_PAUSE_MS = 1000;

/**
 * While Redis is away (the connection not ready) the cache is skipped at once: a page is a miss
 * and read from the database, nothing is stored. A command that fails (a Redis that hangs times
 * out) pauses the cache for REDIS_CACHE_PAUSE_MS, so one request a second pays the timeout, not
 * all of them. A clear that could not reach Redis is not lost: the cache stays skipped until the
 * generation could be bumped (retried as soon as Redis answers again), so no page cached before a
 * change is served after it.
 */
export function redisTutorsCache(
  redis: Redis,
  prefix: string,
  ttlSeconds: number = TUTORS_CACHE_TTL_SECONDS,
): TutorsCache {
  const generationKey = `${prefix}tutors:generation`;
  let pausedUntil = 0;
  // The pause after a Redis failure is real time (how long to spare a sick server), not business
  // time: a test's moved app clock must not end or stretch it.
  // eslint-disable-next-line no-restricted-syntax -- an outage pause in real time
  const usable = (): boolean => redis.status === 'ready' && Date.now() >= pausedUntil;
  const pauseOnFailure = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      // eslint-disable-next-line no-restricted-syntax -- an outage pause in real time
      pausedUntil = Date.now() + REDIS_CACHE_PAUSE_MS;
      throw error;
    });
  let clearLost = false;
  let bumping: Promise<void> | undefined;
  const bump = (): Promise<void> =>
    (bumping ??= redis
      .incr(generationKey)
      .then(() => {
        clearLost = false;
      })
      .finally(() => {
        bumping = undefined;
      }));
  /** Retries a lost clear in the background; the cache stays skipped until it went through. */
  const retryLostClear = (): void => {
    if (clearLost && usable()) bump().catch(() => undefined);
  };
  redis.on('ready', () => {
    pausedUntil = 0;
    retryLostClear();
  });
  const pageKey = async (key: string): Promise<string> =>
    `${prefix}tutors:${(await redis.get(generationKey)) ?? '0'}:${key}`;
  return {
    get: async (key) => {
      retryLostClear();
      if (!usable() || clearLost) return undefined;
      return pauseOnFailure(
        (async () => (await redis.getBuffer(await pageKey(key))) ?? undefined)(),
      );
    },
    set: async (key, value) => {
      if (!usable() || clearLost) return;
      await pauseOnFailure(
        (async () => {
          await redis.set(await pageKey(key), value, 'EX', ttlSeconds);
        })(),
      );
    },
    // Never fails: a clear Redis did not take is retried, and no page is served before it is.
    clear: async () => {
      clearLost = true;
      if (!usable()) return;
      await pauseOnFailure(redis.incr(generationKey)).then(
        () => {
          clearLost = false;
        },
        () => undefined,
      );
    },
  };
}

/** Caches nothing: TUTORS_CACHE_SECONDS=0 (every page read from the database, e.g. to measure it). */
export const noTutorsCache: TutorsCache = {
  get: async () => undefined,
  set: async () => undefined,
  clear: async () => undefined,
};

/** The cache the configuration asks for: Redis when configured, else in process; 0 s: none. */
export function tutorsCacheOf(
  seconds: number,
  redis: Redis | undefined,
  prefix: string,
): TutorsCache {
  if (seconds === 0) return noTutorsCache;
  return redis ? redisTutorsCache(redis, prefix, seconds) : memoryTutorsCache(seconds * 1000);
}
