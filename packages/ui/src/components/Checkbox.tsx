import { useId } from 'react';
import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../cx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  wrapperClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label beside it (a 44 px tall touch target). */
export function Checkbox({ label, hint, id, className, wrapperClassName, ...rest }: CheckboxProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return (
    <div className={cx('flex flex-col gap-1', wrapperClassName)}>
      <label htmlFor={controlId} className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={controlId}
          type="checkbox"
          aria-describedby={hintId}
          className={cx(
            'size-5 shrink-0 cursor-pointer rounded accent-brand-700',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            className,
          )}
          {...rest}
        />
        <span className="text-base text-ink">{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
