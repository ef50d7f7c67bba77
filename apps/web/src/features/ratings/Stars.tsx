import { useId } from 'react';
import { RATING_STARS_NAMES_AR, cx, fieldErrorText, formatNumber } from '@talaqa/ui';
import { RATING_MAX, RATING_STARS } from '@talaqa/domain';
import type { RatingStars } from '@talaqa/domain';

/** "٤ من ٥ — جيد جدًا": what a screen reader says for a row of stars. */
export const starsLabel = (value: RatingStars): string =>
  `${formatNumber(value)} من ${formatNumber(RATING_MAX)} — ${RATING_STARS_NAMES_AR[value]}`;

/** The stars and their word, read out as one label so the word is not heard twice. */
export function Stars({ value }: { value: RatingStars }) {
  return (
    <span role="img" aria-label={starsLabel(value)} className="flex items-center gap-2">
      <span aria-hidden="true" className="text-lg leading-none tracking-wider">
        <span className="text-amber-500">{'★'.repeat(value)}</span>
        <span className="text-slate-400">{'☆'.repeat(RATING_MAX - value)}</span>
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-ink">
        {RATING_STARS_NAMES_AR[value]}
      </span>
    </span>
  );
}

/**
 * Choosing 1-5 stars: five native radios in a fieldset (arrow keys move and choose, the legend
 * names the group), each drawn as a 44 px star and named by its spec label ("٣ من ٥ — جيد"). The
 * chosen star and those before it are lit; the chosen label is written beside them.
 */
export function StarPicker({
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  value: RatingStars | null;
  onChange: (value: RatingStars) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const baseId = useId();
  const errorText = fieldErrorText(error);
  const errorId = errorText ? `${baseId}-error` : undefined;
  return (
    <fieldset
      aria-describedby={errorId}
      aria-invalid={errorText ? true : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {RATING_STARS.map((stars) => {
            const id = `${baseId}-${stars}`;
            const lit = value !== null && stars <= value;
            return (
              <label key={stars} htmlFor={id} className="relative cursor-pointer">
                <input
                  id={id}
                  type="radio"
                  name={baseId}
                  value={stars}
                  checked={value === stars}
                  disabled={disabled}
                  onChange={() => onChange(stars)}
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                  aria-label={starsLabel(stars)}
                />
                <span
                  aria-hidden="true"
                  className={cx(
                    'flex size-11 items-center justify-center rounded-full text-3xl leading-none',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600',
                    lit ? 'text-amber-500' : 'text-slate-400',
                  )}
                >
                  {lit ? '★' : '☆'}
                </span>
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="min-w-16 font-semibold text-ink">
          {value === null ? '' : RATING_STARS_NAMES_AR[value]}
        </span>
      </div>
      {errorText && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errorText}
        </p>
      )}
    </fieldset>
  );
}
