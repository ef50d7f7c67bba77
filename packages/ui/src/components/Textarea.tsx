import type { Ref, TextareaHTMLAttributes } from 'react';
import type { ErrorCode } from '@talaqa/domain';
import { cx } from '../cx';
import { CONTROL_CLASSES, FieldShell, useField } from './Field';

export interface TextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'children'
> {
  label: string;
  hint?: string;
  /** An error code (shown as its Arabic sentence) or a sentence already written. */
  error?: ErrorCode | (string & {});
  wrapperClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field, styled and wired like `Input`. */
export function Textarea({
  label,
  hint,
  error,
  id,
  className,
  wrapperClassName,
  rows = 3,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextareaProps) {
  const field = useField({ id, hint, error, describedBy: ariaDescribedBy });
  return (
    <FieldShell field={field} label={label} hint={hint} className={wrapperClassName}>
      <textarea
        id={field.controlId}
        rows={rows}
        aria-invalid={field.errorText ? true : undefined}
        aria-describedby={field.describedBy}
        className={cx(
          CONTROL_CLASSES,
          'resize-y',
          field.errorText ? 'border-red-600' : 'border-slate-300',
          className,
        )}
        {...rest}
      />
    </FieldShell>
  );
}
