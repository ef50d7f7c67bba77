import {
  createApiClient,
  createDeviceTokenStore,
  resolveApiUrl,
  runtimeConfig,
} from '@talaqa/api-client';
import { API_ROUTES, LOCAL_PORTS } from '@talaqa/domain';

/**
 * The main app's API client and the calls its shell makes before any page (the health badge, the
 * signed-in user; the client runs the token refresh itself). They go through `API_ROUTES`, the
 * routes standing for their contracts, so the first load carries no zod and no schema
 * (docs/decisions/308-first-load-without-schemas.md). Pages call through `./api`, whose contracts
 * load with them; the shell must not import `./api` (`npm run bench:bundle` shows it when zod comes
 * back).
 */

/** The API origin: the served runtime config, else VITE_API_URL, else this host on port 4000. */
export const API_BASE_URL = resolveApiUrl(import.meta.env.VITE_API_URL);

/**
 * The one API client of the main app (the only module that talks to @talaqa/api-client). When
 * the session becomes invalid (a 401), the session provider hears it through
 * `api.addSessionInvalidListener` and sends the person to sign in again (spec section 6).
 * Answers are read through their contracts outside production; a route's contract is loaded
 * for that, so production never loads one for the shell.
 */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  validateResponses: import.meta.env.MODE !== 'production',
});

/**
 * This browser's device tokens, one per account e-mail (issue 15): kept at sign-out on purpose,
 * sent with a password sign-in so the owner's device is not held back by others' wrong tries.
 */
export const deviceTokens = createDeviceTokenStore();

/** The marketing site's origin (terms and privacy pages): runtime config, else this host. */
export function landingUrl(): string {
  return (
    runtimeConfig().landingUrl ??
    import.meta.env.VITE_LANDING_URL ??
    `${location.protocol}//${location.hostname}:${LOCAL_PORTS.landing}`
  );
}

/** Whether the API and its database answer (the status badge in the footer). */
export const getHealth = () => api.call(API_ROUTES.health.check);

/** The signed-in account (401 when signed out): the session's user. */
export const getCurrentUser = (signal?: AbortSignal) =>
  api.call(API_ROUTES.users.current, {}, { signal });
