import { useState } from 'react';
import {
  Link,
  NavLink,
  Outlet,
  ScrollRestoration,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { BRAND_NAME, CenteredSpinner, MenuIcon, ServerStatus, UI_MESSAGES, cx } from '@talaqa/ui';
import { Role, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { getHealth, landingUrl } from '../client';
import { paths } from '../paths';
import { AuthProvider } from '../features/session/AuthProvider';
import { withNext } from '../lib/destinations';
import { useSession } from '../lib/session';
import { UserMenu } from './UserMenu';
import {
  ProblemReportProvider,
  useOpenProblemReport,
} from '../features/problem-report/ProblemReport';
import { ShellDrawer } from './shell-dialogs';
import { yearText } from '../lib/year';

const NAV_LINKS = [
  { to: paths.tutors, label: 'المعلمون' },
  { to: paths.plans, label: 'الباقات' },
] as const;

/**
 * The header's links for this person: a student also finds their lessons there, a tutor manager
 * their workspace and the weekly schedule tutors book interviews in.
 */
function navLinksFor(user: User | null): { to: string; label: string }[] {
  switch (user?.role) {
    case Role.Student:
      return [{ to: paths.upcomingLessons, label: 'دروسي' }, ...NAV_LINKS];
    case Role.TutorManager:
      return [
        { to: paths.interviews, label: 'المقابلات' },
        { to: paths.scheduleManagement, label: 'مواعيدي' },
        ...NAV_LINKS,
      ];
    default:
      return [...NAV_LINKS];
  }
}

const MENU_TITLE = 'القائمة';

/** The marketing site's pages people look for from inside the app. */
const FOOTER_PAGES = [
  { path: '/faq', label: 'الأسئلة الشائعة' },
  { path: '/contact', label: 'تواصل معنا' },
  { path: '/terms', label: 'الشروط' },
  { path: '/privacy', label: 'الخصوصية' },
] as const;

const footerLinkClass =
  'inline-flex min-h-9 items-center rounded text-ink hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 items-center rounded-lg px-3 font-semibold',
    'hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-ink',
  );

/** The main app's shell, inside the client session: header, the page, and a footer. */
export function AppLayout() {
  return (
    <AuthProvider>
      <Shell />
    </AuthProvider>
  );
}

/** The footer's way to report a problem (signed in only). */
function ReportProblemLink() {
  const openReport = useOpenProblemReport();
  if (!openReport) return null;
  return (
    <li>
      <button type="button" className={footerLinkClass} onClick={openReport}>
        الإبلاغ عن مشكلة
      </button>
    </li>
  );
}

/**
 * The shell; a signed-in person can report a problem from anywhere in it (record 348).
 */
function Shell() {
  const { user } = useSession();
  return (
    <ProblemReportProvider enabled={user !== null}>
      <ShellContent />
    </ProblemReportProvider>
  );
}

/** The header with the brand, navigation and the account, the page, and a footer. */
function ShellContent() {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = navLinksFor(user);
  return (
    <div dir="rtl" lang="ar-EG" className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:shadow"
      >
        {UI_MESSAGES.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-x-2 px-4 py-2 sm:gap-x-4 sm:px-6">
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label={UI_MESSAGES.openMenu}
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:hidden"
            >
              <MenuIcon />
            </button>
            <Link
              to={paths.home}
              className="rounded-lg text-2xl font-bold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {BRAND_NAME}
            </Link>
          </div>
          {/* Phones get these links from the menu button instead (below 640 px they do not fit
              beside the account button). */}
          <nav aria-label="التنقل الرئيسي" className="hidden sm:block">
            <ul className="flex items-center gap-2">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <NavLink
                // A sign-up on its way to a checkout keeps it when switching to sign-in.
                to={withNext(paths.login, params.get('next'))}
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold whitespace-nowrap text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                تسجيل الدخول
              </NavLink>
            )}
          </div>
        </div>
      </header>

      <ShellDrawer title={MENU_TITLE} open={menuOpen} onOpenChange={setMenuOpen}>
        <nav aria-label="التنقل الرئيسي">
          <ul className="flex flex-col gap-1 p-3">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={(state) => cx(navLinkClass(state), 'w-full')}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </ShellDrawer>

      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {navigation.state === 'loading' ? <CenteredSpinner /> : <Outlet />}
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-muted">
            © {yearText(new Date().getFullYear())} {BRAND_NAME}: تعلّم الإنجليزية مع معلمين موثوقين
          </p>
          <nav aria-label="المساعدة">
            <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <li>
                <a
                  href={SUPPORT_WHATSAPP_URL}
                  target="_blank"
                  rel="noreferrer"
                  className={footerLinkClass}
                >
                  واتساب الدعم
                </a>
              </li>
              <ReportProblemLink />
              {FOOTER_PAGES.map((page) => (
                <li key={page.path}>
                  <a href={`${landingUrl()}${page.path}`} className={footerLinkClass}>
                    {page.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ServerStatus check={getHealth} onlyWhenDown />
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
