import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, API_PREFIX } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { browserApiOrigin, webOriginFor } from '../../http/origins';
import { createFeed, disableFeed, feedDocument, feedState } from './service';

/**
 * The calendar feed (issue 6). The signed-in user turns their feed on (a new secret address,
 * shown once), checks whether it is on, or turns it off; calendar apps fetch the address itself
 * without a session. The document is private to its owner and changes slowly: calendar apps poll
 * it every few hours, so a 5-minute private cache costs nothing and spares repeated fetches.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'calendar');

  serve(app, API.calendar.state, async (request) => feedState(ctx, identityOf(request).userId));

  serve(app, API.calendar.create, async (request, reply) => {
    const origin = browserApiOrigin(app.config, request);
    const created = await createFeed(
      ctx,
      identityOf(request).userId,
      (token) => new URL(`${API_PREFIX}/calendar/${token}.ics`, origin).href,
    );
    reply.header('cache-control', 'no-store');
    return created;
  });

  serve(app, API.calendar.disable, async (request) => {
    await disableFeed(ctx, identityOf(request).userId);
  });

  // Sent as text under the contract's media type (text/calendar), not as JSON.
  serve(app, API.calendar.document, async (request, reply) => {
    const webOrigin = webOriginFor(app.config);
    const document = await feedDocument(ctx, request.params.token, {
      webOrigin,
      uidHost: new URL(webOrigin).hostname,
    });
    reply
      .header('content-disposition', 'inline; filename="talaqa-lessons.ics"')
      .header('cache-control', 'private, max-age=300');
    return document;
  });
};
