import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import type { TutorPage } from '@talaqa/domain';
import { acceptsGzip } from '../../accepts-gzip';
import { serve } from '../../http/endpoint';
import { identityOf } from '../auth/access';
import { tutorsChanged } from './events';
import { listTutors, patchTutorAdminFields, tutorInfo, tutorMeta } from './service';
import type { KnownTotals } from './service';

/**
 * The tutor's own profile, the admin's tutor switches, the public tutors list and profile, and
 * the cache flush. Writing the texts goes through PUT /user/{id} (users module), which upserts
 * them in the same transaction as the user's fields.
 */
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

/** An answer as the route's serializer wrote it (through the contract's schema), as bytes. */
function bytesOf(serialized: string | ArrayBuffer | Buffer): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(new Uint8Array(serialized));
}

export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The meta object the client merges into a tutor's session (spec section 7).
  serve(app, API.tutors.meta, async (request) => tutorMeta(db, identityOf(request).userId));

  serve(app, API.tutors.setAdminFields, async (request) => {
    const tutor = await patchTutorAdminFields(db, request.params.id, request.body, app.clock.now());
    await tutorsChanged(app, [tutor.id]);
    return tutor;
  });

  // A counted total (search, minimum rating) serves every page of the same filters while cached.
  const knownTotals: KnownTotals = {
    get: async (matchKey) => {
      const total = await app.tutorsCache.get(`total:${matchKey}`).catch(() => undefined);
      return total === undefined ? undefined : Number(total.toString());
    },
    set: async (matchKey, total) => {
      await app.tutorsCache
        .set(`total:${matchKey}`, Buffer.from(String(total)))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'tutors total not cached');
        });
    },
  };

  /** A page held in this process is sent without a promise in between (a callback hook). */
  const sendCachedPage: onRequestHookHandler = (request, reply, done) => {
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const key = pageKeyOf(request.url, gzip);
    const cache = app.tutorsCache;
    if (cache.peek) {
      const page = cache.peek(key);
      if (page === undefined) return done();
      sendPage(reply, page, gzip);
      return;
    }
    cache.get(key).then(
      (page) => (page === undefined ? done() : sendPage(reply, page, gzip)),
      () => done(),
    );
  };

  /**
   * Public pages are cached by their query string (tutors/cache.ts), as JSON bytes and gzipped
   * once beside them: browsers always accept gzip, and the page shrinks about five times. A query
   * string is stored only once it passed validation, so a page found for it is sent as the
   * request arrives, before validation and the handler (the list is the busiest public read).
   * The bytes are the route's own serialization (`reply.serialize`: through the contract's
   * schema), so a cached page holds nothing the contract does not name.
   */
  serve(
    app,
    API.tutors.list,
    async (request, reply) => {
      const page: TutorPage = await listTutors(db, request.query, app.clock.now(), knownTotals);
      const body = bytesOf(reply.serialize(page));
      const zipped = await gzipAsync(body);
      await Promise.all([
        app.tutorsCache.set(pageKeyOf(request.url, false), body),
        app.tutorsCache.set(pageKeyOf(request.url, true), zipped),
      ]).catch((error: unknown) => {
        request.log.warn({ err: error }, 'tutors page not cached');
      });
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      return sendPage(reply, gzip ? zipped : body, gzip);
    },
    { onRequest: sendCachedPage },
  );

  serve(app, API.tutors.info, async (request) => tutorInfo(db, request.params.id, app.clock.now()));

  serve(app, API.tutors.flushCache, async () => {
    await app.tutorsCache.clear();
    await tutorsChanged(app, null);
  });
};
