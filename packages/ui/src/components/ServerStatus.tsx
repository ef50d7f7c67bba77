import { useQuery } from '@tanstack/react-query';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { Spinner } from './Spinner';

export interface ServerStatusProps {
  /** Calls the API's health route; resolves when the server answered. */
  check: () => Promise<unknown>;
  className?: string;
  /** Light text for dark backgrounds (the admin sidebar). */
  tone?: 'light' | 'dark';
  /**
   * Says something only when the server cannot be reached. For the pages students and tutors
   * see: a green "server is running" means nothing to them, a warning with a retry does.
   */
  onlyWhenDown?: boolean;
}

/** A small live indicator of whether the API answers `GET /health`. */
export function ServerStatus({
  check,
  className,
  tone = 'dark',
  onlyWhenDown = false,
}: ServerStatusProps) {
  const health = useQuery({
    queryKey: ['server-health'],
    queryFn: async () => {
      await check();
      return true;
    },
    staleTime: 30_000,
  });

  if (onlyWhenDown && !health.isError) return null;

  const text = tone === 'light' ? 'text-white/90' : 'text-muted';
  let body;
  if (health.isPending || (health.isError && health.isFetching)) {
    body = (
      <>
        <Spinner size="sm" decorative />
        <span>{UI_MESSAGES.serverChecking}</span>
      </>
    );
  } else if (health.isError) {
    body = (
      <>
        <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />
        <span>{UI_MESSAGES.serverDown}</span>
        <button
          type="button"
          onClick={() => void health.refetch()}
          className={cx(
            'rounded-md px-2 py-1 font-semibold underline underline-offset-4',
            'focus-visible:outline-2 focus-visible:outline-brand-600',
            tone === 'light' ? 'text-white' : 'text-brand-800',
          )}
        >
          {UI_MESSAGES.retry}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <span aria-hidden="true" className="size-2.5 rounded-full bg-emerald-500" />
        <span>{UI_MESSAGES.serverUp}</span>
      </>
    );
  }

  return (
    <div aria-live="polite" className={cx('flex items-center gap-2 text-sm', text, className)}>
      {body}
    </div>
  );
}
