import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '@talaqa/ui';
import { homePathFor } from '../lib/destinations';
import { useSession } from '../lib/session';

/**
 * A layout route around `/`: the welcome page is for visitors. A signed-in student or tutor
 * opening the app's address goes to their own home (the dashboard, or the profile step still
 * missing), as after signing in. When the user could not be fetched the welcome page shows.
 */
export function HomeForVisitors() {
  const { status, user } = useSession();
  if (status === 'loading') return <CenteredSpinner />;
  if (status === 'signed-in' && user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
