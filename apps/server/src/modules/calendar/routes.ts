import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '@talaqa/domain';
import type { CalendarFeedCreated, CalendarFeedState } from '@talaqa/domain';
import { anyone, identityOf, signedIn } from '../../http/access';
import { browserApiOrigin, webOriginFor } from '../../http/origins';
import { createFeed, disableFeed, feedDocument, feedState } from './service';

/**
 * The calendar feed (issue 6). The signed-in user turns their feed on (a new secret address,
 * shown once), checks whether it is on, or turns it off; calendar apps fetch the address itself
 * without a session. The document is private to its owner and changes slowly: calendar apps poll
 * it every few hours, so a 5-minute private cache costs nothing and spares repeated fetches.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const now = (): Date => app.clock.now();

  app.get(
    '/calendar/feed',
    { config: { access: signedIn } },
    async (request): Promise<CalendarFeedState> => feedState(db, identityOf(request).userId),
  );

  app.post(
    '/calendar/feed',
    { config: { access: signedIn } },
    async (request, reply): Promise<CalendarFeedCreated> => {
      const origin = browserApiOrigin(app.config, request);
      const created = await createFeed(
        db,
        identityOf(request).userId,
        now(),
        (token) => new URL(`${API_PREFIX}/calendar/${token}.ics`, origin).href,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.delete('/calendar/feed', { config: { access: signedIn } }, async (request, reply) => {
    await disableFeed(db, identityOf(request).userId);
    return reply.code(204).send();
  });

  app.get(
    '/calendar/:token.ics',
    { config: { access: anyone }, schema: { params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const webOrigin = webOriginFor(app.config);
      const document = await feedDocument(db, request.params.token, now(), {
        webOrigin,
        uidHost: new URL(webOrigin).hostname,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="talaqa-lessons.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(document);
    },
  );
};
