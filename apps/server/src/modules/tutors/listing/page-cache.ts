import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { TutorPage } from '@talaqa/domain';
import { acceptsGzip } from '../../../accepts-gzip';
import { tutorsCacheOf } from './cache';
import type { TutorsCache } from './cache';
import type { KnownTotals } from './queries';

/**
 * The public list's page cache, all of it: where pages are kept (Redis, in process, or nowhere:
 * cache.ts, from the configuration), how a cached page is found and sent, how a new page is
 * stored, the counted totals kept beside the pages, and forgetting them all.
 *
 * Pages are cached by their query string, as JSON bytes and gzipped once beside them: browsers
 * always accept gzip, and the page shrinks about five times. A query string is stored only once
 * it passed validation, so a page found for it is sent as the request arrives, before validation
 * and the handler (the list is the busiest public read).
 */
export interface TutorPageCache {
  /** The list route's onRequest hook: sends the cached page of this query string, if any. */
  serveCached: onRequestHookHandler;
  /** Caches the page under the request's query string and sends it as the client accepts. */
  send(request: FastifyRequest, reply: FastifyReply, page: TutorPage): Promise<FastifyReply>;
  /** A counted total (search, minimum rating) serves every page of the same filters. */
  totals: KnownTotals;
  /** Forgets every page and total. Never fails: a clear Redis missed is retried (cache.ts). */
  clear(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tutorPageCache: TutorPageCache;
  }
}

const JSON_UTF8 = 'application/json; charset=utf-8';
const gzipAsync = promisify(gzip);

/** Caches must keep the gzipped and plain answers apart (CORS may have set Vary already). */
function varyOnEncoding(reply: FastifyReply): string {
  const vary = reply.getHeader('vary');
  return vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding';
}

/** A list page's cache key: its query string as sent, and the encoding. */
function pageKeyOf(url: string, gzip: boolean): string {
  const at = url.indexOf('?');
  return `list:${gzip ? 'gzip' : 'json'}:${at === -1 ? '' : url.slice(at + 1)}`;
}

function sendPage(reply: FastifyReply, bytes: Buffer, gzipped: boolean): FastifyReply {
  reply.header('content-type', JSON_UTF8).header('vary', varyOnEncoding(reply));
  if (gzipped) reply.header('content-encoding', 'gzip');
  return reply.send(bytes);
}

/**
 * An answer as the route's serializer wrote it (through the contract's schema), as bytes: a
 * cached page holds nothing the contract does not name.
 */
function bytesOf(serialized: string | ArrayBuffer | Buffer): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(new Uint8Array(serialized));
}

/** The page cache over a store; `warn` logs what could not be cached (the answer still goes). */
function pageCacheOf(
  store: TutorsCache,
  warn: (error: unknown, message: string) => void,
): TutorPageCache {
  return {
    // A callback hook: a page held in this process is sent without a promise in between.
    serveCached: (request, reply, done) => {
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      const key = pageKeyOf(request.url, gzip);
      if (store.peek) {
        const page = store.peek(key);
        if (page === undefined) return done();
        sendPage(reply, page, gzip);
        return;
      }
      store.get(key).then(
        (page) => (page === undefined ? done() : sendPage(reply, page, gzip)),
        () => done(),
      );
    },
    send: async (request, reply, page) => {
      const body = bytesOf(reply.serialize(page));
      const zipped = await gzipAsync(body);
      await Promise.all([
        store.set(pageKeyOf(request.url, false), body),
        store.set(pageKeyOf(request.url, true), zipped),
      ]).catch((error: unknown) => warn(error, 'tutors page not cached'));
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      return sendPage(reply, gzip ? zipped : body, gzip);
    },
    totals: {
      get: async (matchKey) => {
        const total = await store.get(`total:${matchKey}`).catch(() => undefined);
        return total === undefined ? undefined : Number(total.toString());
      },
      set: async (matchKey, total) => {
        await store
          .set(`total:${matchKey}`, Buffer.from(String(total)))
          .catch((error: unknown) => warn(error, 'tutors total not cached'));
      },
    },
    clear: () => store.clear(),
  };
}

/**
 * Decorates the instance that registers it (the listing) with `tutorPageCache`, kept where the
 * configuration says: Redis when configured (shared by every instance), else in process;
 * TUTORS_CACHE_SECONDS=0 caches nothing.
 */
export const tutorPageCache = fp(
  async (app) => {
    const store = tutorsCacheOf(
      app.config.tutorsCacheSeconds,
      app.redis?.pub,
      app.config.redisKeyPrefix,
    );
    app.decorate(
      'tutorPageCache',
      pageCacheOf(store, (error, message) => app.log.warn({ err: error }, message)),
    );
  },
  { name: 'tutor-page-cache' },
);
