import { createApiClient, isApiError, resolveApiUrl } from '@talaqa/api-client';
import { API_ROUTES } from '@talaqa/domain';
import type { ContactRequest, ContactVisitorForm } from '@talaqa/domain';

/**
 * The API origin in the browser: the served runtime config, else VITE_API_URL, else this host
 * on port 4000. The renderer (record 355) never calls the API: its pages get their data given.
 */
const API_BASE_URL =
  typeof location === 'undefined' ? '' : resolveApiUrl(import.meta.env.VITE_API_URL);

/** The one API client of the marketing site (the only module that talks to @talaqa/api-client). */
const api = createApiClient({
  baseUrl: API_BASE_URL,
  validateResponses: import.meta.env.MODE !== 'production',
});

// ---------------------------------------------------------------------------------------------
// Contact (issue 20)

/**
 * Sends the `/contact` form (API.contactRequests.create, signed out: the e-mail is required),
 * through its route: the island loads no contract unless answers are checked (record 308).
 */
export const sendContactRequest = (body: ContactVisitorForm): Promise<ContactRequest> =>
  api.call(API_ROUTES.contactRequests.create, { body });

/** The field codes of a refused request (`[]` for any other failure). */
export function fieldErrorsOf(error: unknown): { path: string; code: string }[] {
  return isApiError(error) ? (error.fields ?? []) : [];
}
