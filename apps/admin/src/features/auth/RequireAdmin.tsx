import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CenteredSpinner, ErrorState, PageTitle, buttonClasses } from '@talaqa/ui';
import { paths } from '../../paths';
import { homePathFor, mayOpen, mayUseDashboard } from '../../lib/access';
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

/** A studio on an admin's page (record 331): what it may do instead, and the way there. */
function StudioRefusal() {
  const queryClient = useQueryClient();
  return (
    <main dir="rtl" lang="ar-EG" className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-16">
      <PageTitle title="هذه الصفحة للمشرفين فقط">
        <p>
          حساب الاستوديو يعمل في جلسات التصوير وحدها: قائمة المعلمين الذين ينتظرون التصوير ورفع
          صورهم وفيديوهاتهم.
        </p>
      </PageTitle>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.photoSessions} className={buttonClasses()}>
          اذهب إلى جلسات التصوير
        </Link>
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary' })}
          onClick={() => signOut(queryClient, 'user')}
        >
          تسجيل الخروج
        </button>
      </div>
    </main>
  );
}

/**
 * Guards every dashboard page but `/login`: signed out goes to `/login?next=<page>`; a signed-in
 * account that is neither an admin nor a studio is signed out; a studio opens the photo sessions
 * only (the root sends it there, any other page explains the refusal); the page waits for the
 * current user.
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
    const { role } = user.data;
    if (!mayUseDashboard(role)) return <SignOutNonAdmin />;
    if (mayOpen(role, location.pathname)) return children;
    if (location.pathname === paths.root) return <Navigate replace to={homePathFor(role)} />;
    return <StudioRefusal />;
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
