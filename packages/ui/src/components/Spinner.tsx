import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Read by screen readers; defaults to 'جارٍ التحميل'. */
  label?: string;
  /** A spinner inside something that already says it is busy (a loading button). */
  decorative?: boolean;
  className?: string;
}

function SpinnerIcon({ size, className }: { size: keyof typeof SIZES; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cx('animate-spin motion-reduce:animate-none', SIZES[size], className)}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Spinner({
  size = 'md',
  label = UI_MESSAGES.loading,
  decorative = false,
  className,
}: SpinnerProps) {
  if (decorative) return <SpinnerIcon size={size} className={className} />;
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      <SpinnerIcon size={size} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A page-load spinner centred in the viewport, with its label visible under it. */
export function CenteredSpinner({ label = UI_MESSAGES.loading }: { label?: string }) {
  return (
    <div
      role="status"
      dir="rtl"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-surface/70 text-brand-700"
    >
      <SpinnerIcon size="lg" />
      <span className="text-sm font-semibold text-ink">{label}</span>
    </div>
  );
}
