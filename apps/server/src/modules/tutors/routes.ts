import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noticePeriodSchema,
  Role,
  tutorInfoParamsSchema,
  tutorListQuerySchema,
} from '@talaqa/domain';
import type { TutorPage } from '@talaqa/domain';
import { acceptsGzip } from '../../accepts-gzip';
import { admins, anyone, identityOf, rolesOnly } from '../../http/access';
import { tutorsChanged } from './events';
import { listTutors, patchTutorAdminFields, tutorInfo, tutorMeta } from './service';
import type { KnownTotals } from './service';

/**
 * PATCH /user/tutor/{id} (admins; our route, docs/decisions/149-tutor-fields.md): the fields
 * only an admin sets. Only what is sent changes; an empty body changes nothing.
 */
export const tutorAdminBodySchema = z.strictObject({
  activated: z.boolean({ error: 'invalid-type' }).optional(),
  noticePeriod: noticePeriodSchema.optional(),
  bypassOnboarding: z.boolean({ error: 'invalid-type' }).optional(),
});

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

export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The meta object the client merges into a tutor's session (spec section 7).
  app.get('/user/tutor/meta', { config: { access: rolesOnly(Role.Tutor) } }, async (request) =>
    tutorMeta(db, identityOf(request).userId),
  );

  app.patch(
    '/user/tutor/:id',
    {
      config: { access: admins },
      schema: { params: tutorInfoParamsSchema, body: tutorAdminBodySchema },
    },
    async (request) => {
      const tutor = await patchTutorAdminFields(
        db,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      await tutorsChanged(app, [tutor.id]);
      return tutor;
    },
  );

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

  /**
   * Public pages are cached by their query string (tutors/cache.ts), as JSON bytes and gzipped
   * once beside them: browsers always accept gzip, and the page shrinks about five times. A query
   * string is stored only once it passed validation, so a page found for it is sent as the
   * request arrives, before validation and the handler (the list is the busiest public read).
   */
  app.get(
    '/user/tutor/list/onboarded',
    {
      config: { access: anyone },
      schema: { querystring: tutorListQuerySchema },
      // A callback hook: a page held in this process is sent without a promise in between.
      onRequest: (request, reply, done) => {
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
      },
    },
    async (request, reply) => {
      const page: TutorPage = await listTutors(db, request.query, app.clock.now(), knownTotals);
      const body = Buffer.from(JSON.stringify(page));
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
  );

  app.get(
    '/user/tutor/info/:id',
    { config: { access: anyone }, schema: { params: tutorInfoParamsSchema } },
    async (request) => tutorInfo(db, request.params.id, app.clock.now()),
  );

  app.delete('/cache/flush', { config: { access: admins } }, async (_request, reply) => {
    await app.tutorsCache.clear();
    await tutorsChanged(app, null);
    return reply.code(204).send();
  });
};
