import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** The plugin calls `incr(key, callback, timeWindow, max)`; its types name only the first two. */
type Store = FastifyRateLimitStore & {
  incr(key: string, callback: Callback, ...windowAndMax: number[]): void;
};
/** What the plugin really passes to a store's constructor: its resolved global settings. */
type GlobalParams = FastifyRateLimitOptions & {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
};
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's own Redis store, and its in-process store for when Redis cannot answer:
 * a request while the connection is down, or a command that fails or times out, is counted in
 * this process instead (never let through uncounted, never answered 500). The limits stay in
 * force during an outage, per instance and from zero; Redis counts again once it is back.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, ...windowAndMax: number[]): void {
    if (this.redis.status !== 'ready') return this.local.incr(key, callback, ...windowAndMax);
    this.shared.incr(
      key,
      (error, result) =>
        error ? this.local.incr(key, callback, ...windowAndMax) : callback(null, result),
      ...windowAndMax,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions) as Store,
      this.local.child(routeOptions) as Store,
    );
  }
}

/** The `store` option of @fastify/rate-limit: Redis under `nameSpace`, in process as fallback. */
export function redisStoreWithFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: GlobalParams) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
