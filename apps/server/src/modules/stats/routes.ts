import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { serviceContextOf } from '../../context';
import {
  adminOverview,
  fullTutors,
  studentStats,
  tutorActivity,
  tutorStats,
  tutoringMinutes,
  uncontactedTutors,
} from './dashboards';
import { publicStatsReader } from './service';

/** Public figures and the dashboards' statistics (contract `API.stats`; decision 327). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'stats');
  const read = publicStatsReader(ctx);
  serve(app, API.stats.public, async () => read());
  serve(app, API.stats.admin, async (request) => adminOverview(ctx, request.query));

  serve(app, API.stats.tutorPersonalized, async (request) => {
    const caller = identityOf(request);
    return tutorStats(ctx, caller, caller.userId, request.query);
  });
  serve(app, API.stats.tutor, async (request) =>
    tutorStats(ctx, identityOf(request), request.params.id, request.query),
  );
  serve(app, API.stats.studentPersonalized, async (request) => {
    const caller = identityOf(request);
    return studentStats(ctx, caller, caller.userId, request.query);
  });
  serve(app, API.stats.student, async (request) =>
    studentStats(ctx, identityOf(request), request.params.id, request.query),
  );
  serve(app, API.stats.tutorActivity, async (request) =>
    tutorActivity(ctx, identityOf(request), request.params.id, request.query),
  );
  serve(app, API.stats.tutoringMinutes, async (request) =>
    tutoringMinutes(ctx, identityOf(request)),
  );
  serve(app, API.stats.uncontacted, async (request) => uncontactedTutors(ctx, identityOf(request)));
  serve(app, API.stats.fullTutors, async (request) => fullTutors(ctx, request.query));
};
