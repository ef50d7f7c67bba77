import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { formatNumber } from '../format';

export interface StepperProps {
  /** The steps' short names, in order. */
  steps: readonly string[];
  /** The index of the current step (0-based). */
  current: number;
  /** The accessible name of the list, e.g. 'خطوات إكمال الملف الشخصي'. */
  label: string;
  className?: string;
}

/** "الخطوة ٢ من ٣" for the given 0-based index. */
export function stepOfTotalText(current: number, total: number): string {
  return UI_MESSAGES.stepOfTotal
    .replace('{step}', formatNumber(current + 1))
    .replace('{total}', formatNumber(total));
}

/**
 * A row of numbered steps that reads from the right: done steps show a check, the current one is
 * marked with `aria-current="step"`, and the "step n of m" line is written out for everyone.
 */
export function Stepper({ steps, current, label, className }: StepperProps) {
  return (
    <nav aria-label={label} className={cx('flex flex-col gap-2', className)}>
      <p className="text-sm font-semibold text-muted">{stepOfTotalText(current, steps.length)}</p>
      <ol className="flex items-start gap-2">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'h-1.5 w-full rounded-full',
                  done || active ? 'bg-brand-600' : 'bg-slate-200',
                )}
              />
              <span className="flex min-w-0 items-start gap-1.5">
                <span
                  aria-hidden="true"
                  className={cx(
                    'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                    done && 'bg-brand-600 text-white',
                    active && 'bg-brand-700 text-white ring-2 ring-brand-200',
                    !done && !active && 'bg-slate-200 text-muted',
                  )}
                >
                  {done ? '✓' : formatNumber(index + 1)}
                </span>
                <span
                  className={cx(
                    'min-w-0 text-sm leading-snug break-words',
                    active ? 'font-bold text-ink' : 'text-muted',
                  )}
                >
                  {step}
                  {done && <span className="sr-only"> ({UI_MESSAGES.stepDone})</span>}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
