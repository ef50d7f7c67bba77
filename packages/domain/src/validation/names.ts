/**
 * The name rules as plain functions, without zod (accounts.ts builds the name schemas from them):
 * the main app's shell decides where a tutor lands (`isTutorName`) before any schema is loaded
 * (docs/decisions/308-first-load-without-schemas.md).
 */
import { charCount, collapseSpaces, hasNulCharacter, isArabicWord, isNamePart } from '../text';
import type { ValidationCode } from '../errors';

/** Two parts of two letters and a space. */
export const NAME_MIN_LENGTH = 5;
export const NAME_MAX_LENGTH = 50;
export const NAME_PART_MIN_LENGTH = 2;
export const NAME_MIN_PARTS = 2;

/** What is wrong with a user name (spaces already collapsed), if anything. */
export function userNameProblem(name: string): ValidationCode | undefined {
  const length = charCount(name);
  if (length < NAME_MIN_LENGTH) return 'name-too-short';
  if (length > NAME_MAX_LENGTH) return 'name-too-long';
  const parts = name.split(' ');
  const wellFormed = parts.every(
    (part) => isNamePart(part) && charCount(part) >= NAME_PART_MIN_LENGTH,
  );
  return parts.length >= NAME_MIN_PARTS && wellFormed ? undefined : 'invalid-user-name';
}

/** What a valid user name lacks to be a tutor's (spaces already collapsed): Arabic letters only. */
export const tutorNameProblem = (name: string): ValidationCode | undefined =>
  name.split(' ').every((part) => isArabicWord(part.replace(/-/g, '')))
    ? undefined
    : 'name-not-arabic';

/** Whether `name` passes `tutorNameSchema` (a valid user name in Arabic letters only). */
export function isTutorName(name: unknown): boolean {
  if (typeof name !== 'string' || hasNulCharacter(name)) return false;
  const collapsed = collapseSpaces(name);
  return userNameProblem(collapsed) === undefined && tutorNameProblem(collapsed) === undefined;
}
