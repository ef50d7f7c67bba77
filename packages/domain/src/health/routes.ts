/** The health check's route, spread by its contract (contract/route.ts: no schema here). */
import { anyone } from '../access';
import type { EndpointRoute } from '../contract/route';

export const healthRoutes = {
  check: { method: 'GET', path: '/health', access: anyone },
} as const satisfies Record<string, EndpointRoute>;
