import { useState } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import {
  BRAND_NAME,
  CenteredSpinner,
  Drawer,
  MenuIcon,
  ServerStatus,
  UI_MESSAGES,
  cx,
} from '@talaqa/ui';
import { getHealth } from '../api';
import { AccountPanel } from '../features/auth/AccountPanel';
import { paths } from '../paths';
import { useCurrentUser } from '../lib/session';
import { sidebarLinksFor } from './navigation';

const SIDEBAR_LABEL = 'أقسام لوحة الإدارة';

function SidebarLinks({ onNavigate }: { onNavigate?: () => void }) {
  const role = useCurrentUser().data?.role;
  return (
    <ul className="flex flex-col gap-1">
      {sidebarLinksFor(role).map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cx(
                'flex min-h-11 items-center rounded-lg px-3 font-semibold',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                isActive ? 'bg-white text-brand-900' : 'text-white/90 hover:bg-white/10',
              )
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Brand({ className }: { className?: string }) {
  return (
    <Link
      to={paths.root}
      className={cx(
        'rounded-lg text-xl font-bold focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {BRAND_NAME} <span className="text-base font-semibold opacity-80">| الإدارة</span>
    </Link>
  );
}

/**
 * The admin shell: a sidebar at the reading start (right) from 1024 px up; below that a top bar
 * whose menu button opens the same links in a drawer. Both end with the signed-in admin's name,
 * the sign-out button and the server status. Rendered only inside the session guard.
 */
export function AdminLayout() {
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div dir="rtl" lang="ar-EG" className="flex min-h-dvh flex-col lg:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:shadow"
      >
        {UI_MESSAGES.skipToContent}
      </a>

      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 bg-brand-900 px-4 py-2 text-white lg:hidden">
        <Brand className="focus-visible:outline-white" />
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={UI_MESSAGES.openMenu}
          aria-expanded={menuOpen}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <MenuIcon />
        </button>
      </header>

      <Drawer title={SIDEBAR_LABEL} open={menuOpen} onOpenChange={setMenuOpen}>
        <div className="flex flex-1 flex-col gap-6 bg-brand-900 p-3">
          <nav aria-label={SIDEBAR_LABEL}>
            <SidebarLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
          <div className="mt-auto flex flex-col gap-4">
            <AccountPanel />
            <ServerStatus check={getHealth} tone="light" className="px-3" />
          </div>
        </div>
      </Drawer>

      <aside className="sticky top-0 hidden h-dvh w-72 shrink-0 flex-col gap-6 overflow-y-auto bg-brand-900 p-4 text-white lg:flex">
        <Brand className="px-3 py-2 focus-visible:outline-white" />
        <nav aria-label={SIDEBAR_LABEL}>
          <SidebarLinks />
        </nav>
        <div className="mt-auto flex flex-col gap-4">
          <AccountPanel />
          <ServerStatus check={getHealth} tone="light" className="px-3" />
        </div>
      </aside>

      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        {navigation.state === 'loading' ? <CenteredSpinner /> : <Outlet />}
      </main>
      <ScrollRestoration />
    </div>
  );
}
