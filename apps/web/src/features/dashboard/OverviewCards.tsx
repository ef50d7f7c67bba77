import { useId } from 'react';
import type { ReactNode } from 'react';
import { Skeleton } from '@talaqa/ui';
import { tourTarget } from './GuidedTour';

export interface OverviewItem {
  label: string;
  /** The figure ("١٢", "٣٠ دقيقة"); null while it loads. */
  value: string | null;
  /** A smaller line under the figure. */
  hint?: ReactNode;
  /** The guided tour's name for this card (`tourTarget`). */
  tour?: string;
}

function OverviewCard({ item }: { item: OverviewItem }) {
  const labelId = useId();
  const valueId = useId();
  return (
    <li
      aria-labelledby={`${labelId} ${valueId}`}
      aria-busy={item.value === null || undefined}
      {...(item.tour !== undefined ? tourTarget(item.tour) : {})}
      className="flex min-h-28 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <p id={labelId} className="text-sm font-semibold text-muted">
        {item.label}
      </p>
      {item.value === null ? (
        <Skeleton className="mt-1 h-8 w-20" />
      ) : (
        <p id={valueId} className="text-2xl font-bold text-ink">
          {item.value}
        </p>
      )}
      {item.hint && <div className="text-sm text-muted">{item.hint}</div>}
    </li>
  );
}

/**
 * The dashboard's figures as a list of cards, each named "<label> <figure>" for screen readers
 * (two columns on a phone, four on a wide screen).
 */
export function OverviewCards({ label, items }: { label: string; items: readonly OverviewItem[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <OverviewCard key={item.label} item={item} />
      ))}
    </ul>
  );
}
