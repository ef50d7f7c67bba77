import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db';
import type { RedisConnections } from '../../redis';
import { anyone } from '../../http/access';

const partStatus = z.enum(['up', 'down']);
const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: partStatus, driver: z.enum(['pglite', 'postgres']) }),
  redis: z.object({ status: partStatus }).optional(),
});
export type HealthBody = z.infer<typeof healthBody>;

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
  app.get(
    '/health',
    {
      config: { access: anyone },
      schema: { response: { 200: healthBody, 503: healthBody } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const body = await checkHealth(deps);
      return reply.code(body.status === 'ok' ? 200 : 503).send(body);
    },
  );
};
