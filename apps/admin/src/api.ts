import { createApiClient } from '@talaqa/api-client';
import { LOCAL_PORTS } from '@talaqa/domain';
import { paths } from './paths';

/** The API origin: VITE_API_URL when set at build time, else this host on the API's port. */
export const API_BASE_URL =
  import.meta.env.VITE_API_URL ?? `${location.protocol}//${location.hostname}:${LOCAL_PORTS.api}`;

/** The one API client of the admin dashboard (the only module that talks to @talaqa/api-client). */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  onSessionInvalid: () => {
    // Spec section 6: unauthenticated means sign in again.
    if (location.pathname !== paths.login) location.assign(paths.login);
  },
});

export interface HealthResponse {
  status: string;
}

/** GET /api/v1/health */
export const getHealth = (): Promise<HealthResponse> => api.get<HealthResponse>('/health');
