import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner, ErrorState, UI_MESSAGES } from '@talaqa/ui';
import type { Role } from '@talaqa/domain';
import { paths } from '../../paths';
import { homePathFor, loginPathWithNext } from '../../lib/destinations';
import { useSession } from '../../lib/session';

/**
 * A layout route for private pages: a signed-out person goes to `/login?next=<this page>`, a
 * person of another role to their own home, and everyone else sees the page.
 */
export function RequireSession({ roles }: { roles?: readonly Role[] }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <CenteredSpinner />;
  if (session.status === 'error') {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <ErrorState
          error={session.error}
          title={UI_MESSAGES.sessionLoadFailed}
          onRetry={session.retry}
        />
      </div>
    );
  }
  if (session.status === 'signed-out' || !session.user) {
    const target = session.loggedOut
      ? paths.login
      : loginPathWithNext(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  if (roles && !roles.includes(session.user.role)) {
    return <Navigate to={homePathFor(session.user)} replace />;
  }
  return <Outlet />;
}
