import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY } from '@talaqa/domain';

/** The one QueryClient of an app, with the spec's client query defaults (section 7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_RETRY, refetchOnWindowFocus: false },
    },
  });
}
