import { createApiClient, isApiError, resolveApiUrl } from '@talaqa/api-client';
import { API, PAGE_SIZE_MAX } from '@talaqa/domain';
import type {
  ContactRequest,
  ContactVisitorForm,
  Plan,
  PublicStats,
  ShortLinkTarget,
} from '@talaqa/domain';

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
 * The plans on sale to everyone (API.plans.list, signed out). The answer is read through the
 * contract outside production, so a wrong or old server shows the error state, never a broken page.
 */
export async function getPublicPlans(signal?: AbortSignal): Promise<Plan[]> {
  const page = await api.call(
    API.plans.list,
    { query: { page: 1, size: PAGE_SIZE_MAX } },
    { signal },
  );
  return page.list;
}

// ---------------------------------------------------------------------------------------------
// Contact (issue 20)

/** Sends the `/contact` form (API.contactRequests.create, signed out: the e-mail is required). */
export const sendContactRequest = (body: ContactVisitorForm): Promise<ContactRequest> =>
  api.call(API.contactRequests.create, { body });

/** The field codes of a refused request (`[]` for any other failure). */
export function fieldErrorsOf(error: unknown): { path: string; code: string }[] {
  return isApiError(error) ? (error.fields ?? []) : [];
}

// ---------------------------------------------------------------------------------------------
// Figures on the home (issue 20, record 307)

/** Listed tutors and lessons given (API.stats.public), for the home's figures. */
export const getPublicStats = (signal?: AbortSignal): Promise<PublicStats> =>
  api.call(API.stats.public, {}, { signal });

// ---------------------------------------------------------------------------------------------
// Short links (issue 23 item 9, record 351)

/** Opens `/url/{name}`: counts the click and answers where to go with the campaign. */
export const openShortLink = (name: string): Promise<ShortLinkTarget> =>
  api.call(API.shortLinks.open, { params: { name } });
