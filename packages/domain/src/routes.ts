/**
 * The endpoints an app's shell (or the marketing site's contact form, record 355) calls before
 * its first page, as routes standing for their contracts
 * (contract/route.ts, docs/decisions/308-first-load-without-schemas.md): `API_ROUTES.users.current`
 * calls what `API.users.current` declares, without loading zod or any schema. The contracts are
 * loaded only when asked for (`contract()`), to check an answer outside production: all through the
 * one module of every contract, `./endpoints`, which the pages load anyway (one split point, so an
 * app that loads the contracts up front, such as the admin dashboard, gets no extra chunks).
 */
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { refTo } from './contract/route';
import { healthRoutes } from './health/routes';
import { userRoutes } from './users/routes';

const contracts = async () => (await import('./endpoints')).API;

export const API_ROUTES = {
  health: {
    check: refTo(healthRoutes.check, async () => (await contracts()).health.check),
  },
  auth: {
    refreshToken: refTo(authRoutes.refreshToken, async () => (await contracts()).auth.refreshToken),
  },
  contactRequests: {
    create: refTo(contactRoutes.create, async () => (await contracts()).contactRequests.create),
  },
  users: {
    current: refTo(userRoutes.current, async () => (await contracts()).users.current),
  },
} as const;
