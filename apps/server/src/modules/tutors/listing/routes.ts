import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { identityOf } from '../../../http/access';
import { serve } from '../../../http/endpoint';
import { recordAdminAction } from '../../audit';
import { announceListingChange, listingChangeContextOf } from './changes';
import { listTutors, tutorInfo } from './queries';

/** The public tutors list and profile, and the admins' cache flush. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const changeCtx = listingChangeContextOf(app);

  serve(
    app,
    API.tutors.list,
    async (request, reply) => {
      const cache = app.tutorPageCache;
      const page = await listTutors(db, request.query, app.clock.now(), cache.totals);
      return cache.send(request, reply, page);
    },
    { onRequest: app.tutorPageCache.serveCached },
  );

  serve(app, API.tutors.info, async (request) => tutorInfo(db, request.params.id, app.clock.now()));

  serve(app, API.tutors.flushCache, async (request) => {
    await app.tutorPageCache.clear();
    await announceListingChange(changeCtx, null);
    // The cache is not in the database: the row follows the flush it records.
    await recordAdminAction(
      db,
      { actorId: identityOf(request).userId, action: 'cache.flush', targetId: null },
      app.clock.now(),
    );
  });
};
