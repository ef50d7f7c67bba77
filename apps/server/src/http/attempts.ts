import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows: in Redis when configured (every instance shares the
 * count), else in this process. @fastify/rate-limit runs one limiter per request, which the
 * per-address limit uses; the per-account limit needs this second count.
 */
export interface AttemptCounter {
  /** Records one attempt and answers how many the key has in its current window. */
  hit(key: string, windowMs: number): Promise<number>;
}

export function redisAttemptCounter(redis: Redis, prefix: string): AttemptCounter {
  return {
    async hit(key, windowMs) {
      const name = `${prefix}attempts:${key}`;
      const [[, count] = []] =
        (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) ?? [];
      return Number(count);
    },
  };
}

const MEMORY_KEYS_MAX = 100_000;

export function memoryAttemptCounter(now: () => number = Date.now): AttemptCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const time = now();
      const current = windows.get(key);
      if (current && current.endsAt > time) {
        current.count += 1;
        return current.count;
      }
      // Forget ended windows before the map can grow without bound.
      if (windows.size >= MEMORY_KEYS_MAX) {
        for (const [k, w] of windows) if (w.endsAt <= time) windows.delete(k);
      }
      windows.set(key, { count: 1, endsAt: time + windowMs });
      return 1;
    },
  };
}

/**
 * Counts in Redis while it answers, else in this process (a hit while the connection is down,
 * failed or timed out): the per-account limits stay in force during a Redis outage, per instance
 * and from zero, and never turn a request into a 500 or let it through uncounted.
 */
export function redisAttemptCounterWithFallback(
  redis: Redis,
  prefix: string,
  fallback: AttemptCounter = memoryAttemptCounter(),
): AttemptCounter {
  const shared = redisAttemptCounter(redis, prefix);
  return {
    hit: (key, windowMs) =>
      redis.status === 'ready'
        ? shared.hit(key, windowMs).catch(() => fallback.hit(key, windowMs))
        : fallback.hit(key, windowMs),
  };
}
