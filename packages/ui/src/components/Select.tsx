import type { Ref, SelectHTMLAttributes } from 'react';
import type { ErrorCode } from '@talaqa/domain';
import { cx } from '../cx';
import { CONTROL_CLASSES, FieldShell, useField } from './Field';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  /** An error code (shown as its Arabic sentence) or a sentence already written. */
  error?: ErrorCode | (string & {});
  /** A first, empty choice such as 'اختر المحافظة'. */
  placeholder?: string;
  wrapperClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native `<select>`: the phone's own picker, keyboard and screen-reader support for free. */
export function Select({
  label,
  hint,
  error,
  placeholder,
  id,
  className,
  wrapperClassName,
  children,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SelectProps) {
  const field = useField({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <FieldShell field={field} label={label} hint={hint} className={wrapperClassName}>
      <select
        id={field.controlId}
        aria-invalid={field.errorText ? true : undefined}
        aria-describedby={field.describedBy}
        className={cx(
          CONTROL_CLASSES,
          'appearance-auto pe-8',
          field.errorText ? 'border-red-600' : 'border-slate-300',
          className,
        )}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {children}
      </select>
    </FieldShell>
  );
}
