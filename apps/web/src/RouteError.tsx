import { isRouteErrorResponse, useRouteError } from 'react-router';
import { clientLog } from '@talaqa/api-client';
import { ErrorPage, NotFoundPage } from '@talaqa/ui';

/** The root errorElement: routing errors get the 404 page, anything thrown the unexpected one. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <NotFoundPage />;
  // Kept for a problem report too (docs/decisions/349-client-log.md).
  clientLog.error('[route] unexpected error', error);
  return <ErrorPage />;
}
