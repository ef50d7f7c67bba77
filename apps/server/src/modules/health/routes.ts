import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import type { HealthBody } from '@talaqa/domain';
import type { DatabaseHandle } from '../../db';
import { serve } from '../../http/endpoint';
import type { RedisConnections } from '../../redis';

export interface HealthDependencies {
  database: DatabaseHandle;
  redis: RedisConnections | undefined;
}

const up = (check: () => Promise<void>): Promise<'up' | 'down'> =>
  check().then(
    () => 'up' as const,
    () => 'down' as const,
  );

/** Asks each dependency in parallel; never throws, a failing part is reported `down`. */
export async function checkHealth({ database, redis }: HealthDependencies): Promise<HealthBody> {
  const [db, cache] = await Promise.all([up(database.ping), redis ? up(redis.ping) : undefined]);
  const healthy = db === 'up' && cache !== 'down';
  return {
    status: healthy ? 'ok' : 'degraded',
    database: { status: db, driver: database.driver },
    ...(cache ? { redis: { status: cache } } : {}),
  };
}

/** GET /health: 200 when every dependency answers, 503 otherwise (load balancers read the status). */
export const healthRoutes: FastifyPluginAsyncZod<HealthDependencies> = async (app, deps) => {
  serve(
    app,
    API.health.check,
    async (_request, reply) => {
      const body = await checkHealth(deps);
      return reply.code(body.status === 'ok' ? 200 : 503).send(body);
    },
    { logLevel: 'warn' },
  );
  serve(app, API.health.live, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });
};
