/**
 * The two stores @fastify/rate-limit ships (its package has no "exports" map, so the files can be
 * loaded directly; http/rate-limit-store.ts combines them). Only what we call is typed.
 */
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  interface StoreConstructor {
    new (
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redisOrCache?: Redis | number,
      key?: string,
    ): FastifyRateLimitStore & {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        ...windowAndMax: number[]
      ): void;
    };
  }
  const Store: StoreConstructor;
  export default Store;
}
