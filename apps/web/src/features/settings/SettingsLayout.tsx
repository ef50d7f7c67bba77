import type { ReactNode } from 'react';
import { PageTitle } from '@talaqa/ui';

/** The frame of a settings page: its title, an optional notice and the tabs. */
export function SettingsLayout({
  title,
  intro,
  notice,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Shown between the title and the tabs (the tutor's profile visibility). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageTitle title={title}>{intro}</PageTitle>
      {notice && <div className="mb-6">{notice}</div>}
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {children}
      </div>
    </section>
  );
}

/** A tab's own heading and short explanation. */
export function TabSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 pt-2">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        {description && <p className="text-muted">{description}</p>}
      </div>
      {children}
    </div>
  );
}
