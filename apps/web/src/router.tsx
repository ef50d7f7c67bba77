import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { CenteredSpinner, NotFoundPage } from '@talaqa/ui';
import { AppLayout } from './layout/AppLayout';
import { HomeForVisitors } from './layout/HomeForVisitors';
import { RouteError } from './RouteError';
import { paths } from './paths';
import { RequireSession } from './features/session/guards';
import { Role } from '@talaqa/domain';

const STUDENTS = [Role.Student] as const;
const TUTORS = [Role.Tutor] as const;

/** A page loaded on demand, with the centred spinner while its code arrives. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: CenteredSpinner,
});

/**
 * Every route of the main app (spec section 2). Static segments rank above parameters, so
 * `/t/dashboard`, `/t/onboarding` and the other `/t/...` pages win over `/t/:id`. Private pages
 * sit under `RequireSession` (pathless layout routes): signed-out people go to
 * `/login?next=…`, and the student and tutor pages admit only their role.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: AppLayout,
    errorElement: <RouteError />,
    children: [
      // Public pages. Signed-in people opening `/` go to their own home.
      {
        element: <HomeForVisitors />,
        children: [{ index: true, ...page(() => import('./features/home/HomePage')) }],
      },
      { path: paths.login, ...page(() => import('./features/auth/LoginPage')) },
      { path: paths.register, ...page(() => import('./features/auth/RegisterPage')) },
      {
        path: paths.forgetPassword,
        ...page(() => import('./features/auth/ForgetPasswordPage')),
      },
      { path: paths.resetPassword, ...page(() => import('./features/auth/ResetPasswordPage')) },
      { path: paths.plans, ...page(() => import('./features/plans/PlansPage')) },
      { path: paths.tutors, ...page(() => import('./features/tutors/TutorsPage')) },
      { path: paths.tutorProfile, ...page(() => import('./features/tutors/TutorProfilePage')) },

      // Any signed-in person.
      {
        element: <RequireSession />,
        children: [
          { path: paths.chat, ...page(() => import('./features/chat/ChatPage')) },
          {
            path: paths.interviews,
            ...page(() => import('./features/interviews/InterviewsPage')),
          },
          { path: paths.invoices, ...page(() => import('./features/invoices/InvoicesPage')) },
          { path: paths.profile, ...page(() => import('./features/profile/ProfilePage')) },
          {
            path: paths.lessonsSchedule,
            ...page(() => import('./features/lessons/LessonsSchedulePage')),
          },
          {
            path: paths.scheduleManagement,
            ...page(() => import('./features/schedule/ScheduleManagementPage')),
          },
          { path: paths.interview, ...page(() => import('./features/interviews/InterviewPage')) },
          {
            path: paths.demoSession,
            ...page(() => import('./features/interviews/DemoSessionPage')),
          },
          {
            path: paths.upcomingLessons,
            ...page(() => import('./features/lessons/UpcomingLessonsPage')),
          },
          { path: paths.lesson, ...page(() => import('./features/lessons/LessonPage')) },
          { path: paths.session, ...page(() => import('./features/session/SessionPage')) },
        ],
      },

      // Students.
      {
        element: <RequireSession roles={STUDENTS} />,
        children: [
          // Buying plans and the student's own payments (issue 5).
          { path: paths.checkout, ...page(() => import('./features/checkout/CheckoutPage')) },
          { path: paths.cardAdded, ...page(() => import('./features/checkout/CardAddedPage')) },
          { path: paths.payments, ...page(() => import('./features/payments/PaymentsPage')) },
          {
            path: paths.completeProfile,
            ...page(() => import('./features/profile/CompleteProfilePage')),
          },
          {
            path: paths.studentDashboard,
            ...page(() => import('./features/dashboard/StudentDashboardPage')),
          },
          {
            path: paths.studentSettings,
            ...page(() => import('./features/settings/StudentSettingsPage')),
          },
        ],
      },

      // Tutors.
      {
        element: <RequireSession roles={TUTORS} />,
        children: [
          {
            path: paths.tutorDashboard,
            ...page(() => import('./features/dashboard/TutorDashboardPage')),
          },
          {
            path: paths.earningsStatement,
            ...page(() => import('./features/invoices/StatementPage')),
          },
          {
            path: paths.tutorAccountSettings,
            ...page(() => import('./features/settings/TutorAccountSettingsPage')),
          },
          {
            path: paths.tutorProfileSettings,
            ...page(() => import('./features/settings/TutorProfileSettingsPage')),
          },
          {
            path: paths.tutorOnboarding,
            ...page(() => import('./features/onboarding/TutorOnboardingPage')),
          },
          {
            path: paths.tutorCompleteProfile,
            ...page(() => import('./features/onboarding/CompleteTutorProfilePage')),
          },
        ],
      },

      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
