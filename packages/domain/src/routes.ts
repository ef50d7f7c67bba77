/**
 * The endpoints an app's shell calls before its first page, as routes standing for their
 * contracts (contract/route.ts, docs/decisions/308): `API_ROUTES.users.current` calls what
 * `API.users.current` declares, without loading zod or any schema. Each contract is loaded only
 * when asked for (`contract()`), to check an answer outside production.
 */
import { authRoutes } from './auth/routes';
import { refTo } from './contract/route';
import { healthRoutes } from './health/routes';
import { userRoutes } from './users/routes';

export const API_ROUTES = {
  health: {
    check: refTo(
      healthRoutes.check,
      async () => (await import('./health/contract')).healthEndpoints.check,
    ),
  },
  auth: {
    refreshToken: refTo(
      authRoutes.refreshToken,
      async () => (await import('./auth/contract')).authEndpoints.refreshToken,
    ),
  },
  users: {
    current: refTo(
      userRoutes.current,
      async () => (await import('./users/contract')).userEndpoints.current,
    ),
  },
} as const;
