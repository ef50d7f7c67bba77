import { useId } from 'react';
import { isValidPage } from '@talaqa/domain';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { CONTROL_CLASSES } from './Field';
import { formatNumber } from '../format';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are (at least 1). */
  totalPages: number;
  /** Called only with a page between 1 and `totalPages` that is not the current one. */
  onPageChange: (page: number) => void;
  /** With `onPageSizeChange`, shows the page-size choice. */
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** The accessible name of the navigation region. */
  label?: string;
  /** Disables every control (e.g. while the first page loads). */
  disabled?: boolean;
  className?: string;
}

/** "صفحة ٢ من ٥". */
export const pageOfText = (page: number, totalPages: number): string =>
  UI_MESSAGES.paginationPageOf
    .replace('{page}', formatNumber(page))
    .replace('{total}', formatNumber(totalPages));

type Direction = 'first' | 'previous' | 'next' | 'last';

/** Chevrons drawn for right-to-left reading: "previous" points right, "next" points left. */
function PageIcon({ direction }: { direction: Direction }) {
  const towardsStart = direction === 'first' || direction === 'previous';
  const double = direction === 'first' || direction === 'last';
  const chevron = towardsStart ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6';
  const second = towardsStart ? 'M4 6l6 6-6 6' : 'M20 6l-6 6 6 6';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className="size-5 shrink-0 ltr:-scale-x-100"
    >
      <path
        d={chevron}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {double && (
        <path
          d={second}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

const LABELS: Record<Direction, string> = {
  first: UI_MESSAGES.paginationFirst,
  previous: UI_MESSAGES.paginationPrevious,
  next: UI_MESSAGES.paginationNext,
  last: UI_MESSAGES.paginationLast,
};

/**
 * First, previous, next and last buttons around "صفحة x من y", with an optional page-size
 * choice. Paging moves only between 1 and the total pages (spec section 5): the buttons at an
 * end are disabled and `onPageChange` never receives a page outside that range.
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  pageSize,
  pageSizeOptions = [10, 20, 50],
  onPageSizeChange,
  label = UI_MESSAGES.pagination,
  disabled = false,
  className,
}: PaginationProps) {
  const pages = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const targets: Record<Direction, number> = {
    first: 1,
    previous: current - 1,
    next: current + 1,
    last: pages,
  };
  const go = (target: number) => {
    if (!disabled && target !== current && isValidPage(target, pages)) onPageChange(target);
  };

  const button = (direction: Direction) => {
    const target = targets[direction];
    const unavailable = disabled || target === current || !isValidPage(target, pages);
    return (
      <button
        type="button"
        onClick={() => go(target)}
        disabled={unavailable}
        aria-label={LABELS[direction]}
        title={LABELS[direction]}
        className={cx(
          'inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-ink',
          'hover:border-brand-600 hover:text-brand-800',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-300',
        )}
      >
        <PageIcon direction={direction} />
      </button>
    );
  };

  const sizeId = useId();
  return (
    <nav
      aria-label={label}
      className={cx('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <div className="flex items-center gap-2">
        {button('first')}
        {button('previous')}
        <p aria-live="polite" className="min-w-24 px-1 text-center text-sm font-semibold text-ink">
          {pageOfText(current, pages)}
        </p>
        {button('next')}
        {button('last')}
      </div>
      {onPageSizeChange && pageSize !== undefined && (
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm font-semibold whitespace-nowrap text-ink">
            {UI_MESSAGES.paginationPageSize}
          </label>
          <select
            id={sizeId}
            value={pageSize}
            disabled={disabled}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className={cx(CONTROL_CLASSES, 'w-24 appearance-auto border-slate-300 pe-8')}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {formatNumber(size)}
              </option>
            ))}
          </select>
        </div>
      )}
    </nav>
  );
}
