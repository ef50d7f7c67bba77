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

/** Rows of skeleton bars on a white card, standing for a list that is loading. */
export function SkeletonRows({ rows, rowClassName }: { rows: number; rowClassName: string }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-xl bg-white p-4">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={rowClassName} />
      ))}
    </div>
  );
}

/**
 * A list that is loading: `cards` white cards of skeleton bars (one bar per class name in
 * `bars`), announced to screen readers by `label`.
 */
export function SkeletonCards({
  label,
  cards,
  bars,
}: {
  label: string;
  cards: number;
  bars: readonly string[];
}) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: cards }, (_, card) => (
        <div
          key={card}
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
        >
          {bars.map((bar, index) => (
            <Skeleton key={index} className={bar} />
          ))}
        </div>
      ))}
    </div>
  );
}
