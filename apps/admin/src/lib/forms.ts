import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isValidationCode, validationIssues } from '@talaqa/domain';
import type { ErrorCode } from '@talaqa/domain';
import { isNetworkError, messageForError } from '@talaqa/ui';
import { isApiError } from '../api';

/**
 * A react-hook-form resolver for a form whose values are strings (selects, number fields) and a
 * domain schema that wants the API body: `toInput` turns the one into the other, the schema
 * checks it, and each failing field gets its validation code as the error message (the Input
 * components show the Arabic sentence for it).
 */
export function domainResolver<TForm extends FieldValues, TOut>(
  schema: z.ZodType<TOut>,
  toInput: (values: TForm) => unknown,
): Resolver<TForm, unknown, TOut> {
  return async (values) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of validationIssues(result.error)) {
      errors[issue.path] ??= { type: 'validation', message: issue.code };
    }
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}

/**
 * Puts the server's answer on the form's fields: each `{path, code}` of a validation failure, and
 * the codes that belong to one field (e.g. `user-exists` on the e-mail). True when a field got it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: Partial<Record<ErrorCode, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of error.fields ?? []) {
    const path = fields.find((name) => name === field.path);
    if (path && isValidationCode(field.code)) {
      setError(path, { type: 'server', message: field.code }, { shouldFocus: !applied });
      applied = true;
    }
  }
  const own = codeFields[error.code];
  if (own) {
    setError(own, { type: 'server', message: error.code }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Codes that say nothing more than "it failed": the action's own sentence is clearer. */
const GENERIC_CODES = new Set<ErrorCode>(['unexpected', 'bad-request']);

/**
 * The sentence for a failed action: the Arabic message of a specific error code or of a lost
 * connection, else the action's own failure sentence (e.g. 'تعذّرت إضافة الموضوع').
 */
export function actionErrorText(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return messageForError(error);
  if (isApiError(error) && !GENERIC_CODES.has(error.code)) return messageForError(error);
  return fallback;
}
