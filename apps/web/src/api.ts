import { createApiClient, resolveApiUrl } from '@talaqa/api-client';
import { paths } from './paths';

/** The API origin: the served runtime config, else VITE_API_URL, else this host on port 4000. */
export const API_BASE_URL = resolveApiUrl(import.meta.env.VITE_API_URL);

/** The one API client of the main app (the only module that talks to @talaqa/api-client). */
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
