/** Routes of auth endpoints an app's shell calls, spread by their contracts (contract/route.ts). */
import { signedIn } from '../access';
import type { EndpointRoute } from '../contract/route';

export const authRoutes = {
  refreshToken: { method: 'POST', path: '/auth/refresh-token', access: signedIn },
} as const satisfies Record<string, EndpointRoute>;
