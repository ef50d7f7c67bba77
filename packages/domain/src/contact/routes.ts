/** The contact form's route, spread by its contract (contract/route.ts: no schema here). */
import { anyone } from '../access';
import type { EndpointRoute } from '../contract/route';

export const contactRoutes = {
  create: { method: 'POST', path: '/contact-request/', access: anyone },
} as const satisfies Record<string, EndpointRoute>;
