/** The health checks' routes, spread by its contract (contract/route.ts: no schema here). */
import { anyone } from '../access';
import type { EndpointRoute } from '../contract/route';

export const healthRoutes = {
  check: { method: 'GET', path: '/health', access: anyone },
  live: { method: 'GET', path: '/health/live', access: anyone },
} as const satisfies Record<string, EndpointRoute>;
