import {
  buildApiUrl,
  createApiClient,
  createDeviceTokenStore,
  resolveApiUrl,
} from '@talaqa/api-client';
import { API, API_PREFIX, pathOf } from '@talaqa/domain';
import type { AuditQuery, PlatformSettingsInput, SettingHistoryQuery } from '@talaqa/domain';

export { ApiError, isAbortError, isApiError } from '@talaqa/api-client';

/** The API origin: the served runtime config, else VITE_API_URL, else this host on port 4000. */
export const API_BASE_URL = resolveApiUrl(import.meta.env.VITE_API_URL);

/** The one API client of the admin dashboard (the only module that talks to @talaqa/api-client). */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  validateResponses: import.meta.env.MODE !== 'production',
  onSessionInvalid: () => {
    // Spec section 6: unauthenticated means sign in again. The client has removed the token; the
    // stored user goes too, and the route guard (features/auth) sends the admin to /login?next=.
    api.tokens.clearUser();
  },
});

/**
 * This browser's device tokens, one per admin e-mail (issue 15): kept at sign-out on purpose and
 * sent with a password sign-in, so others' wrong tries at the same address do not hold it back.
 */
export const deviceTokens = createDeviceTokenStore();

/** Whether the API and its database answer (the status badge in the footer). */
export const getHealth = () => api.call(API.health.check);

/**
 * A media link as the server hands it (`videoUrl`: a path under /api/v1, signed while the video
 * is private), made absolute against the API's origin for `<video src>`, which sends no token.
 */
export function apiLinkUrl(link: string): string {
  const path = link.startsWith(API_PREFIX) ? link.slice(API_PREFIX.length) : link;
  return buildApiUrl(API_BASE_URL, path);
}

/** GET /assets/media/{name}: a published video or thumbnail (a photo session's). */
export const mediaUrl = (name: string): string =>
  buildApiUrl(API_BASE_URL, pathOf(API.media.file.path, { name }));

/** Platform settings and the audit log (decisions 339, 340). */
export const platformSettingsApi = {
  get: (signal?: AbortSignal) => api.call(API.platformSettings.get, {}, { signal }),
  save: (body: PlatformSettingsInput) => api.call(API.platformSettings.update, { body }),
  history: (query: SettingHistoryQuery, signal?: AbortSignal) =>
    api.call(API.platformSettings.history, { query }, { signal }),
  audit: (query: AuditQuery, signal?: AbortSignal) =>
    api.call(API.audit.list, { query }, { signal }),
  /** DELETE /cache/flush: forgets the cached tutors pages on every instance. */
  flushCache: () => api.call(API.tutors.flushCache, {}),
};
