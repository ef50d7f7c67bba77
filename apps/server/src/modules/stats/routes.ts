import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { serviceContextOf } from '../../context';
import { publicStatsReader } from './service';

/** Public figures (contract `API.stats`). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = publicStatsReader(serviceContextOf(app, 'stats'));
  serve(app, API.stats.public, async () => read());
};
