import { useId } from 'react';
import type { ReactNode } from 'react';
import { fieldErrorText } from '../messages';

export const CONTROL_CLASSES =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-ink ' +
  'placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100';

export interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  errorText: string | undefined;
  describedBy: string | undefined;
}

/** Ids and the Arabic error text shared by every labelled form control. */
export function useField({
  id,
  hint,
  error,
  describedBy,
}: {
  id: string | undefined;
  hint: string | undefined;
  error: string | undefined;
  describedBy: string | undefined;
}): FieldIds {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorText = fieldErrorText(error);
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = errorText ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, errorText, describedBy: ids || undefined };
}

export function FieldShell({
  field,
  label,
  hint,
  className,
  children,
}: {
  field: FieldIds;
  label: string;
  hint: string | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <label htmlFor={field.controlId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <p id={field.hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {field.errorText && (
        <p id={field.errorId} className="text-sm font-semibold text-red-700">
          {field.errorText}
        </p>
      )}
    </div>
  );
}
