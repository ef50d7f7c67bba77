import { UI_MESSAGES, messageForError } from '../messages';
import { cx } from '../cx';
import { Button } from './Button';

export interface ErrorStateProps {
  /** The thrown value; its Arabic sentence is shown unless `message` is given. */
  error?: unknown;
  title?: string;
  message?: string;
  /** Shows the retry button. */
  onRetry?: () => void;
  /** The retry is running. */
  retrying?: boolean;
  className?: string;
}

/** A part of a page that failed to load: what happened, and a retry button. */
export function ErrorState({
  error,
  title = UI_MESSAGES.loadFailedTitle,
  message,
  onRetry,
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center',
        className,
      )}
    >
      <p className="text-lg font-bold text-red-900">{title}</p>
      <p className="max-w-prose text-red-900">{message ?? messageForError(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          {UI_MESSAGES.retry}
        </Button>
      )}
    </div>
  );
}
