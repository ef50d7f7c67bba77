import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';

export interface EmptyStateProps {
  title?: string;
  description?: string;
  /** A button or link that helps (clear the filters, add the first item). */
  action?: ReactNode;
  /**
   * A drawing above the title, one of `./illustrations` (NoLessonsIllustration...): decorative,
   * the title already says it in words.
   */
  illustration?: ReactNode;
  className?: string;
}

/** A list with nothing to show: says so plainly and offers the next step. */
export function EmptyState({
  title = UI_MESSAGES.emptyListTitle,
  description,
  action,
  illustration,
  className,
}: EmptyStateProps) {
  return (
    <div
      role="status"
      className={cx(
        'flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center',
        className,
      )}
    >
      {illustration && <div className="mb-2 [&>svg]:h-24 [&>svg]:w-auto">{illustration}</div>}
      <p className="text-lg font-bold text-ink">{title}</p>
      {description && <p className="max-w-prose text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
