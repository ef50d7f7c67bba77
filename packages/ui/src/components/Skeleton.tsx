import { cx } from '../cx';

/** A grey placeholder block shown where content is loading (hidden from screen readers). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none',
        className ?? 'h-4 w-full',
      )}
    />
  );
}
