import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isAdminRole } from '@talaqa/domain';
import { CenteredSpinner, ErrorState } from '@talaqa/ui';
import { paths } from '../../paths';
import {
  loginPathFor,
  signOut,
  signOutReason,
  useCurrentUser,
  useHasSession,
} from '../../lib/session';

/** Signs a non-admin account out (the guard then sends it to the login page with the notice). */
function SignOutNonAdmin() {
  const queryClient = useQueryClient();
  useEffect(() => signOut(queryClient, 'no-access'), [queryClient]);
  return <CenteredSpinner />;
}

/**
 * Guards every dashboard page but `/login`: signed out goes to `/login?next=<page>`; a signed-in
 * account that is not an admin is signed out; the page waits for the current user.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const signedIn = useHasSession();
  const location = useLocation();
  const user = useCurrentUser();

  if (!signedIn) {
    const reason = signOutReason();
    if (reason === 'no-access') {
      return <Navigate replace to={paths.login} state={{ notice: 'no-access' }} />;
    }
    return <Navigate replace to={reason === 'user' ? paths.login : loginPathFor(location)} />;
  }
  if (user.data) {
    return isAdminRole(user.data.role) ? children : <SignOutNonAdmin />;
  }
  if (user.isError) {
    return (
      <div dir="rtl" lang="ar-EG" className="mx-auto w-full max-w-lg px-4 py-16">
        <ErrorState
          error={user.error}
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      </div>
    );
  }
  return <CenteredSpinner />;
}
