import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../cx';

export interface SegmentedOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** A short second line under the label (e.g. "وفّر ١٠٪"). */
  badge?: ReactNode;
  disabled?: boolean;
}

export interface SegmentedControlProps<V extends string = string> {
  /** Names the group for screen readers (and on screen unless `hideLegend`). */
  legend: string;
  hideLegend?: boolean;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The radios' shared name; a generated one by default. */
  name?: string;
  className?: string;
}

/**
 * A small set of mutually exclusive choices drawn as joined buttons (a period selector, a view
 * switch). Underneath they are native radio buttons in a fieldset, so the arrow keys move the
 * choice, Tab enters and leaves the group once, and screen readers announce "1 of 3, selected".
 */
export function SegmentedControl<V extends string = string>({
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  name,
  className,
}: SegmentedControlProps<V>) {
  const generated = useId();
  const groupName = name ?? `segmented-${generated}`;
  return (
    <fieldset className={cx('flex flex-col gap-2', className)}>
      <legend className={cx('mb-2 text-sm font-semibold text-ink', hideLegend && 'sr-only')}>
        {legend}
      </legend>
      <div className="flex w-full rounded-xl border border-slate-300 bg-white p-1 sm:w-auto">
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cx(
                'relative flex min-h-11 flex-1 cursor-pointer flex-col items-center justify-center rounded-lg px-3 py-1 text-center font-semibold sm:flex-none sm:px-5',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                checked ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50',
                option.disabled && 'cursor-not-allowed opacity-50',
              )}
            >
              <input
                id={id}
                type="radio"
                name={groupName}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <span>{option.label}</span>
              {option.badge && (
                <span
                  className={cx('text-sm font-normal', checked ? 'text-white' : 'text-emerald-800')}
                >
                  {option.badge}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
