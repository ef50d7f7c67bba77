/**
 * Form plumbing shared by every account form: react-hook-form with the domain's zod schemas
 * (a field is checked when it is left and on submit, then on every change once it was left, so a
 * correction clears its error at once), and the mapping of the server's error answers onto the
 * inputs.
 */
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type {
  FieldValues,
  Path,
  UseFormProps,
  UseFormRegisterReturn,
  UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isApiError } from '@talaqa/api-client';
import { isErrorCode } from '@talaqa/domain';
import type { ErrorCode } from '@talaqa/domain';
import { UI_MESSAGES, isNetworkError, messageForError, useToast } from '@talaqa/ui';

/** A form whose rules are a domain zod schema; submit handlers receive the parsed values. */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    ...options,
    // The schema's own issues carry the codes; zod's default texts are never shown.
    resolver: zodResolver(schema as never) as never,
  });
}

/** Codes that say nothing specific: the form's own failure sentence is more helpful. */
const VAGUE_CODES = new Set<ErrorCode>(['unexpected', 'bad-request']);

/** The sentence for a failed action: the error code's when it says something, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && !VAGUE_CODES.has(error.code)) return messageForError(error);
  if (isNetworkError(error)) return UI_MESSAGES.connectionFailed;
  return fallback;
}

/**
 * Puts the server's field codes under their inputs: the `fields` of a validation answer, and
 * whole-answer codes that belong to one input (`codeFields`, e.g. user-exists -> email).
 * Returns true when at least one input got an error (the first one is focused).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: Partial<Record<ErrorCode, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let placed = 0;
  for (const issue of error.fields ?? []) {
    const path = issue.path as Path<T>;
    if (!fields.includes(path) || !isErrorCode(issue.code)) continue;
    setError(path, { type: 'server', message: issue.code }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  const own = codeFields[error.code];
  if (placed === 0 && own) {
    setError(own, { type: 'server', message: error.code }, { shouldFocus: true });
    placed += 1;
  }
  return placed > 0;
}

/**
 * The failure handler of a form: field codes go under their inputs, anything else becomes an
 * error toast (`fallback` when the answer says nothing specific). Returns the toast's text, or
 * null when the inputs carry the message.
 */
export function useFormFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
  codeFields: Partial<Record<ErrorCode, Path<T>>> = {},
) {
  const toast = useToast();
  return useCallback(
    (error: unknown): string | null => {
      if (applyServerErrors(error, setError, fields, codeFields)) return null;
      const message = failureMessage(error, fallback);
      toast.error(message);
      return message;
    },
    // The field lists are literals of the calling form: their content never changes, so a new
    // array on every render must not make a new handler.
    [setError, fallback, toast],
  );
}

/**
 * Leaving a field still empty does not check it (sending does). For forms whose first field has
 * the focus on arrival: an error appearing on blur would move the page under the pointer of
 * someone clicking another way out, such as "forgot password", and swallow that click.
 */
export function quietWhileEmpty<R extends UseFormRegisterReturn>(registration: R): R {
  return {
    ...registration,
    onBlur: (event: { target: { value?: unknown } }) =>
      event.target.value ? registration.onBlur(event) : Promise.resolve(),
  };
}
