import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';
import { NotFoundIllustration } from './illustrations';
import { buttonClasses } from './Button';
import { usePageTitle } from './PageTitle';

export interface ErrorPageProps {
  title?: string;
  subtitle?: string;
  /** Where the button goes; the home page unless told otherwise. */
  homeHref?: string;
  buttonLabel?: string;
  /** A decorative drawing above the title (the 404 page shows its signpost). */
  illustration?: ReactNode;
}

/**
 * A full page for an error: a title, a subtitle and one button back home. The button is a plain
 * link, so it also works when the error broke the router (a fresh load of the home page).
 */
export function ErrorPage({
  title = UI_MESSAGES.unexpectedErrorTitle,
  subtitle = UI_MESSAGES.unexpectedErrorSubtitle,
  homeHref = '/',
  buttonLabel = UI_MESSAGES.unexpectedErrorButton,
  illustration,
}: ErrorPageProps) {
  usePageTitle(title);
  return (
    <div
      dir="rtl"
      lang="ar-EG"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center"
    >
      {illustration}
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
      <p className="max-w-prose text-lg text-muted">{subtitle}</p>
      <a href={homeHref} className={buttonClasses({ className: 'mt-2' })}>
        {buttonLabel}
      </a>
    </div>
  );
}

/** The 404 page: ErrorPage with the page-not-found texts. */
export function NotFoundPage({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <ErrorPage
      title={UI_MESSAGES.notFoundTitle}
      subtitle={UI_MESSAGES.notFoundSubtitle}
      buttonLabel={UI_MESSAGES.notFoundButton}
      homeHref={homeHref}
      illustration={<NotFoundIllustration className="h-32 w-auto" />}
    />
  );
}
