import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { CenteredSpinner, NotFoundPage } from '@talaqa/ui';
import { AdminLayout } from './layout/AdminLayout';
import { RequireAdmin } from './features/auth/RequireAdmin';
import { RouteError } from './RouteError';
import { paths } from './paths';

/** A page loaded on demand, with the centred spinner while its code arrives. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: CenteredSpinner,
});

/** The root layout behind the session guard: every page but `/login` needs a signed-in admin. */
function GuardedLayout() {
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}

/**
 * The admin router (spec section 2): `/login` stands alone, every other page sits in the root
 * layout with the sidebar, behind the session guard (signed out goes to `/login?next=`).
 * `/media` lists the stored files (issue 23 item 5, record 347).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.login, ...page(() => import('./features/auth/LoginPage')) },
      {
        path: paths.root,
        Component: GuardedLayout,
        children: [
          { index: true, ...page(() => import('./features/home/AdminHomePage')) },
          { path: paths.invoices, ...page(() => import('./features/invoices/InvoicesPage')) },
          { path: paths.plans, ...page(() => import('./features/plans/PlansPage')) },
          { path: paths.users, ...page(() => import('./features/users/UsersPage')) },
          { path: paths.user, ...page(() => import('./features/users/UserPage')) },
          {
            path: paths.interviews,
            ...page(() => import('./features/interviews/InterviewsPage')),
          },
          { path: paths.lessons, ...page(() => import('./features/lessons/LessonsPage')) },
          {
            path: paths.platformSettings,
            ...page(() => import('./features/platform-settings/PlatformSettingsPage')),
          },
          { path: paths.topics, ...page(() => import('./features/topics/TopicsPage')) },
          {
            path: paths.userSettings,
            ...page(() => import('./features/user-settings/UserSettingsPage')),
          },
          {
            path: paths.photoSession,
            ...page(() => import('./features/photo-sessions/PhotoSessionPage')),
          },
          {
            path: paths.photoSessions,
            ...page(() => import('./features/photo-sessions/PhotoSessionsPage')),
          },
          { path: paths.tutor, ...page(() => import('./features/tutors/TutorPage')) },
          { path: paths.tutors, ...page(() => import('./features/tutors/TutorsPage')) },
          {
            path: paths.planInvites,
            ...page(() => import('./features/plan-invites/PlanInvitesPage')),
          },
          {
            path: paths.transactions,
            ...page(() => import('./features/transactions/TransactionsPage')),
          },
          {
            path: paths.contactRequests,
            ...page(() => import('./features/contact-requests/ContactRequestsPage')),
          },
          { path: paths.reports, ...page(() => import('./features/reports/ReportsPage')) },
          {
            path: paths.shortLinks,
            ...page(() => import('./features/short-links/ShortLinksPage')),
          },
          {
            path: paths.serverStats,
            ...page(() => import('./features/server-stats/ServerStatsPage')),
          },
          { path: paths.media, ...page(() => import('./features/media/MediaPage')) },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
