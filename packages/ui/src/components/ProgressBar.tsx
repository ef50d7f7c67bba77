import { LOCALE } from '@talaqa/domain';
import { cx } from '../cx';

export interface ProgressBarProps {
  /** Done so far, as a fraction in [0, 1]. */
  value: number;
  /** What is progressing, e.g. 'رفع الصورة'. */
  label: string;
  className?: string;
}

const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** A determinate progress bar that fills from the reading start (the right), with its percent. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const fraction = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  const text = percent.format(fraction);
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <span className="text-muted">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
    </div>
  );
}
