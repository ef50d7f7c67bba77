import { createApiClient, resolveApiUrl } from '@talaqa/api-client';
import { API, PAGE_SIZE_MAX } from '@talaqa/domain';
import type { Plan, PlanPage } from '@talaqa/domain';

/** The API origin: the served runtime config, else VITE_API_URL, else this host on port 4000. */
export const API_BASE_URL = resolveApiUrl(import.meta.env.VITE_API_URL);

/** The one API client of the marketing site (the only module that talks to @talaqa/api-client). */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  validateResponses: import.meta.env.MODE !== 'production',
});

/** Whether the API and its database answer (the status badge in the footer). */
export const getHealth = () => api.call(API.health.check);

// ---------------------------------------------------------------------------------------------
// Plans (issue 5)

/**
 * GET /api/v1/plan/list without signing in: the plans on sale to everyone. The answer is checked
 * for its shape, so a wrong or old server shows the error state, never a broken page.
 */
export async function getPublicPlans(signal?: AbortSignal): Promise<Plan[]> {
  const page = await api.get<PlanPage>('/plan/list', {
    query: { page: 1, size: PAGE_SIZE_MAX },
    signal,
  });
  if (!page || !Array.isArray(page.list)) throw new TypeError('GET /plan/list: not a plan page');
  return page.list;
}
