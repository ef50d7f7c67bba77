import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UI_MESSAGES, cx, useToast } from '@talaqa/ui';
import { Role, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { paths } from '../paths';
import { landingUrl } from '../client';
import { dashboardPathFor, settingsPathFor } from '../lib/destinations';
import { useSession } from '../lib/session';
import { ShellAvatar, ShellConfirmDialog } from './shell-dialogs';
import { useOpenProblemReport } from '../features/problem-report/ProblemReport';

const itemClass = cx(
  'flex min-h-11 w-full items-center rounded-lg px-3 text-start font-semibold text-ink',
  'hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
);

function menuLinks(user: User) {
  const links = [
    { to: dashboardPathFor(user), label: 'لوحة التحكم' },
    { to: paths.profile, label: 'الملف الشخصي' },
    { to: settingsPathFor(user), label: 'الإعدادات' },
  ];
  if (user.role === Role.Tutor) {
    links.splice(2, 0, { to: paths.tutorProfileSettings, label: 'إعدادات الملف التعريفي' });
  }
  if (user.role === Role.TutorManager) {
    links.splice(1, 0, { to: paths.scheduleManagement, label: 'إدارة المواعيد' });
  }
  if (user.role === Role.Student) {
    links.splice(2, 0, { to: paths.payments, label: 'المدفوعات والفواتير' });
  }
  return links;
}

/**
 * The signed-in person's name in the header, opening a small menu (a disclosure: a button and a
 * list of links; Escape or a click outside closes it) with the profile, the settings and logout.
 * Logout asks for confirmation first.
 */
export function UserMenu({ user }: { user: User }) {
  const { logout } = useSession();
  const toast = useToast();
  const openReport = useOpenProblemReport();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="inline-flex min-h-11 max-w-48 items-center gap-2 rounded-lg px-2 font-semibold text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ShellAvatar name={user.name} image={user.image} />
        <span className="truncate">{user.name}</span>
        <span className="sr-only">: قائمة الحساب</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 shrink-0">
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 top-full z-30 mt-1 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul className="flex flex-col gap-0.5">
          {menuLinks(user).map((link) => (
            <li key={link.to + link.label}>
              <Link to={link.to} className={itemClass} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-200 pt-1">
            <a
              href={SUPPORT_WHATSAPP_URL}
              target="_blank"
              rel="noreferrer"
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              المساعدة: واتساب الدعم
            </a>
          </li>
          <li>
            <a href={`${landingUrl()}/faq`} className={itemClass} onClick={() => setOpen(false)}>
              الأسئلة الشائعة
            </a>
          </li>
          {openReport && (
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  // The dialog gives focus back to what held it; this item is about to be hidden.
                  button.current?.focus();
                  openReport();
                }}
              >
                الإبلاغ عن مشكلة
              </button>
            </li>
          )}
          <li className="mt-1 border-t border-slate-200 pt-1">
            <button
              type="button"
              className={cx(itemClass, 'text-red-800 hover:bg-red-50')}
              onClick={() => {
                setOpen(false);
                // The dialog gives focus back to what held it; this item is about to be hidden.
                button.current?.focus();
                setConfirming(true);
              }}
            >
              تسجيل الخروج
            </button>
          </li>
        </ul>
      </div>
      <ShellConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={UI_MESSAGES.logoutConfirmTitle}
        description={UI_MESSAGES.logoutConfirmText}
        confirmLabel={UI_MESSAGES.logoutConfirmButton}
        onConfirm={() => {
          setConfirming(false);
          logout();
          toast.info(UI_MESSAGES.loggedOut);
        }}
      />
    </div>
  );
}
