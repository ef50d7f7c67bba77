import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';

export const BRAND_NAME = 'طلاقة';

/** Sets `document.title` to "<title> | طلاقة" while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title === BRAND_NAME ? BRAND_NAME : `${title} | ${BRAND_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The `<h1>` of a page, which also names the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      {children && <div className="text-base text-muted">{children}</div>}
    </div>
  );
}

/**
 * A page whose feature is not built yet: its real title, what it will hold, and an honest line
 * that the section is being prepared. No made-up data and no form that does nothing.
 */
export function PreparingPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  /** What the page already shows above the "being prepared" note. */
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-8 sm:px-6">
      <PageTitle title={title}>{description && <p>{description}</p>}</PageTitle>
      {children}
      <p className="rounded-xl border border-dashed border-brand-300 bg-brand-50 p-4 text-brand-900">
        {UI_MESSAGES.sectionInProgress}
      </p>
    </section>
  );
}
