import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage, NotFoundPage } from '@talaqa/ui';

/** The root errorElement: routing errors get the 404 page, anything thrown the unexpected one. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <NotFoundPage />;
  console.error(error);
  return <ErrorPage />;
}
