import type { InputHTMLAttributes, Ref } from 'react';
import type { ErrorCode } from '@talaqa/domain';
import { cx } from '../cx';
import { CONTROL_CLASSES, FieldShell, useField } from './Field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  hint?: string;
  /** An error code (shown as its Arabic sentence) or a sentence already written. */
  error?: ErrorCode | (string & {});
  /** `dir="ltr"` for e-mails, phone numbers and codes inside the right-to-left page. */
  dir?: 'ltr' | 'rtl' | 'auto';
  /** Classes of the wrapper (label, control, hint and error). */
  wrapperClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({
  label,
  hint,
  error,
  id,
  className,
  wrapperClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: InputProps) {
  const field = useField({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <FieldShell field={field} label={label} hint={hint} className={wrapperClassName}>
      <input
        id={field.controlId}
        aria-invalid={field.errorText ? true : undefined}
        aria-describedby={field.describedBy}
        className={cx(
          CONTROL_CLASSES,
          field.errorText ? 'border-red-600' : 'border-slate-300',
          className,
        )}
        {...rest}
      />
    </FieldShell>
  );
}
