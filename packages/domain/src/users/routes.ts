/** Routes of user endpoints an app's shell calls, spread by their contracts (contract/route.ts). */
import { signedIn } from '../access';
import type { EndpointRoute } from '../contract/route';

export const userRoutes = {
  current: { method: 'GET', path: '/user/current', access: signedIn },
} as const satisfies Record<string, EndpointRoute>;
