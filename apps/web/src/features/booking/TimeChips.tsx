import { useId } from 'react';
import { formatCairoTime } from '@talaqa/domain';
import { cx } from '@talaqa/ui';

export interface TimeChipsProps {
  legend: string;
  name: string;
  times: readonly Date[];
  /** The chosen start (ISO), or null. */
  value: string | null;
  onChange: (value: string) => void;
}

/**
 * Start times as chips that wrap (no sideways scroll at 360 px), each a 44 px target: native
 * radios, so arrow keys move between them and the legend names the group.
 */
export function TimeChips({ legend, name, times, value, onChange }: TimeChipsProps) {
  const baseId = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2">
        {times.map((time, index) => {
          const iso = time.toISOString();
          const id = `${baseId}-${index}`;
          return (
            <label
              key={iso}
              htmlFor={id}
              className={cx(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-base',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                value === iso
                  ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                  : 'border-slate-300 bg-white text-ink hover:border-brand-600',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={iso}
                checked={value === iso}
                onChange={(event) => onChange(event.target.value)}
                className="sr-only"
              />
              {formatCairoTime(time)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
