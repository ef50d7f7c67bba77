import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tutorInfoParamsSchema, tutorListQuerySchema } from '@talaqa/domain';
import { admins, anyone } from '../../../http/access';
import { announceListingChange } from './changes';
import { listTutors, tutorInfo } from './queries';

/** The public tutors list and profile, and the admins' cache flush. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/user/tutor/list/onboarded',
    {
      config: { access: anyone },
      schema: { querystring: tutorListQuerySchema },
      onRequest: app.tutorPageCache.serveCached,
    },
    async (request, reply) => {
      const cache = app.tutorPageCache;
      const page = await listTutors(db, request.query, app.clock.now(), cache.totals);
      return cache.send(request, reply, page);
    },
  );

  app.get(
    '/user/tutor/info/:id',
    { config: { access: anyone }, schema: { params: tutorInfoParamsSchema } },
    async (request) => tutorInfo(db, request.params.id, app.clock.now()),
  );

  app.delete('/cache/flush', { config: { access: admins } }, async (_request, reply) => {
    await app.tutorPageCache.clear();
    await announceListingChange(app, null);
    return reply.code(204).send();
  });
};
