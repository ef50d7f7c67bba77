import type { ReactNode } from 'react';
import { PageTitle } from '@talaqa/ui';

/** The narrow card the sign-in, sign-up and password pages sit in (full width on a phone). */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <PageTitle title={title}>{intro}</PageTitle>
        {children}
      </div>
    </section>
  );
}

export const linkClass =
  'rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600';
