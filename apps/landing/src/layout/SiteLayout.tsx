import { Link, NavLink, Outlet } from 'react-router';
import { BRAND_NAME, MenuIcon, UI_MESSAGES, buttonClasses, cx } from '@talaqa/ui';
import { LOCALE, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { appLink, paths, webRegisterUrl } from '../paths';

const NAV_LINKS = [
  { to: paths.method, label: 'طريقتنا' },
  { to: paths.pricing, label: 'الأسعار' },
  { to: paths.faq, label: 'الأسئلة الشائعة' },
  { to: paths.about, label: 'من نحن' },
  { to: paths.tutor, label: 'انضم كمعلم' },
] as const;

const FOOTER_LINKS = [
  { to: paths.terms, label: 'الشروط والأحكام' },
  { to: paths.privacy, label: 'سياسة الخصوصية' },
  { to: paths.contact, label: 'تواصل معنا' },
  { to: paths.faq, label: 'الأسئلة الشائعة' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 items-center rounded-lg px-3 font-semibold',
    'hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-ink',
  );

/** The main links, in the desktop bar and in the phone menu alike. */
function NavItems({ className }: { className: string }) {
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={navLinkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const year = new Intl.NumberFormat(LOCALE, { useGrouping: false }).format(new Date().getFullYear());

/**
 * The marketing site's shell: header, the page, and a footer. Rendered to HTML once (record 355):
 * the phone menu is a native disclosure, so it opens without any script on the page.
 */
export function SiteLayout() {
  return (
    <div dir="rtl" lang="ar-EG" className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:shadow"
      >
        {UI_MESSAGES.skipToContent}
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="relative mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <Link
            to={paths.home}
            className="rounded-lg text-2xl font-bold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {BRAND_NAME}
          </Link>
          <nav aria-label="التنقل الرئيسي" className="hidden lg:block">
            <NavItems className="flex items-center gap-1" />
          </nav>
          <div className="flex items-center gap-2">
            <a {...appLink(webRegisterUrl('student'))} className={buttonClasses({ size: 'sm' })}>
              ابدأ الآن
            </a>
            <details className="group lg:hidden">
              <summary
                aria-label={UI_MESSAGES.openMenu}
                className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
              >
                <MenuIcon />
              </summary>
              <nav
                aria-label="القائمة"
                className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg"
              >
                <NavItems className="mx-auto flex w-full max-w-6xl flex-col gap-1 p-3" />
              </nav>
            </details>
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <footer className="below-fold border-t border-slate-200 bg-white">
        <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-3">
          <div className="flex flex-col gap-2">
            <p className="text-xl font-bold text-brand-700">{BRAND_NAME}</p>
            <p className="text-sm text-muted">دروس إنجليزي فردية مباشرة مع معلمين موثوقين.</p>
          </div>
          <nav aria-label="روابط الموقع">
            <ul className="flex flex-col gap-1">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-9 items-center rounded text-sm text-ink hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a
                  href={SUPPORT_WHATSAPP_URL}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-9 items-center rounded text-sm font-semibold text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  واتساب الدعم
                </a>
              </li>
            </ul>
          </nav>
          <div className="flex flex-col gap-2 md:items-end">
            <p className="text-sm text-muted">
              © {year} {BRAND_NAME}
            </p>
          </div>
        </div>
      </footer>
    </div>
  );
}
