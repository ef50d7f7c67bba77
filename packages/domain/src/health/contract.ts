import { z } from 'zod';
import { endpoint } from '../contract/endpoint';
import { healthRoutes } from './routes';

const partStatus = z.enum(['up', 'down']);

export const healthBodySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: partStatus, driver: z.enum(['pglite', 'postgres']) }),
  redis: z.object({ status: partStatus }).optional(),
});
export type HealthBody = z.infer<typeof healthBodySchema>;

export const livenessBodySchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = {
  /**
   * Readiness: 200 when every dependency answers, 503 otherwise (the load balancer sends no
   * traffic to an instance that cannot serve it). docs/deploy.md
   */
  check: endpoint({
    ...healthRoutes.check,
    summary: 'Whether the server, its database and Redis answer',
    responses: { 200: healthBodySchema, 503: healthBodySchema },
  }),
  /**
   * Liveness: 200 while the process answers at all, whatever its dependencies do; a supervisor
   * restarts an instance only when this fails (restarting for a database outage helps no one).
   */
  live: endpoint({
    ...healthRoutes.live,
    summary: 'Whether the server process answers (dependencies not asked)',
    responses: { 200: livenessBodySchema },
  }),
};
