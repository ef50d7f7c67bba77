import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import type { ErrorCode } from '@talaqa/domain';
import { fieldErrorText } from '../messages';
import { cx } from '../cx';

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: string;
  options: readonly RadioOption[];
  /**
   * Spread onto every radio: a form library's registration (name, onChange, onBlur, ref) or a
   * controlled `name`, `checked`-free `onChange`. `value` and `checked` come from the options.
   */
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & {
    name: string;
    ref?: Ref<HTMLInputElement>;
  };
  /** For a controlled group: the chosen value. */
  value?: string;
  hint?: string;
  error?: ErrorCode | (string & {});
  /** Lays the choices side by side from the `sm` breakpoint. */
  inline?: boolean;
  className?: string;
}

/**
 * Native radio buttons in a fieldset with a legend: arrow keys move between choices, and the
 * legend names the group for screen readers. Each choice is a 44 px tall target.
 */
export function RadioGroup({
  legend,
  options,
  inputProps,
  value,
  hint,
  error,
  inline = false,
  className,
}: RadioGroupProps) {
  const baseId = useId();
  const errorText = fieldErrorText(error);
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = errorText ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      aria-describedby={describedBy}
      aria-invalid={errorText ? true : undefined}
      className={cx('flex flex-col gap-1.5', className)}
    >
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className={cx('flex flex-col gap-1', inline && 'sm:flex-row sm:flex-wrap sm:gap-x-6')}>
        {options.map((option, index) => {
          const id = `${baseId}-${index}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3',
                option.disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                {...inputProps}
                id={id}
                type="radio"
                value={option.value}
                disabled={option.disabled || inputProps.disabled}
                {...(value !== undefined ? { checked: value === option.value } : {})}
                className="size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              />
              <span className="flex flex-col">
                <span className="text-base text-ink">{option.label}</span>
                {option.description && (
                  <span className="text-sm text-muted">{option.description}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {errorText && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errorText}
        </p>
      )}
    </fieldset>
  );
}
