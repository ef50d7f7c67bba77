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

export const healthEndpoints = {
  /** 200 when every dependency answers, 503 otherwise (load balancers read the status). */
  check: endpoint({
    ...healthRoutes.check,
    summary: 'Whether the server, its database and Redis answer',
    responses: { 200: healthBodySchema, 503: healthBodySchema },
  }),
};
