import { z } from 'zod';
import { ENGLISH_LEVELS, GENDERS, GOVERNORATES, NOTIFICATION_METHODS } from '../enums';
import { isArabicText } from '../text';
import { tutorNameSchema } from './accounts';
import { boundedText, number, oneOf, rule } from './blocks';
import type { Code } from './blocks';

// Bounds: those the spec states are marked "spec"; the others are our choices.

export const BIO_MIN_LENGTH = 10;
export const BIO_MAX_LENGTH = 300;
export const ABOUT_MIN_LENGTH = 50;
export const ABOUT_MAX_LENGTH = 2000;
/** Birth years before this are typing mistakes, not ages. */
export const BIRTH_YEAR_MIN = 1900;
export const STUDENT_MIN_AGE = 6;
export const TUTOR_MIN_AGE = 18;
export const MAX_AGE = 100;
/** Two days: lessons are booked inside the current week, so a longer notice leaves no slots. */
export const NOTICE_PERIOD_MAX_MINUTES = 2 * 24 * 60;

/** Short Arabic introduction (students' and tutors' "bio"). */
export const bioSchema = boundedText({
  min: BIO_MIN_LENGTH,
  max: BIO_MAX_LENGTH,
  empty: 'bio-empty',
  tooShort: 'bio-too-short',
  tooLong: 'bio-too-long',
  invalid: 'bio-not-arabic',
  isValid: isArabicText,
});

/** The tutor's long Arabic "about" text on the profile page. */
export const aboutSchema = boundedText({
  min: ABOUT_MIN_LENGTH,
  max: ABOUT_MAX_LENGTH,
  empty: 'about-empty',
  tooShort: 'about-too-short',
  tooLong: 'about-too-long',
  invalid: 'about-not-arabic',
  isValid: isArabicText,
});

/**
 * Age is counted in whole calendar years (current year minus birth year): the birth date itself
 * is not collected.
 */
export function birthYearProblem(
  year: number,
  currentYear: number,
  minAge: number = STUDENT_MIN_AGE,
): Code | undefined {
  if (!Number.isInteger(year) || year < BIRTH_YEAR_MIN || year > currentYear) {
    return 'birth-year-out-of-range';
  }
  const age = currentYear - year;
  if (age < minAge) return 'too-young';
  if (age > MAX_AGE) return 'too-old';
  return undefined;
}

/** `currentYear` is the Cairo year now (see `cairoParts`); tutors pass TUTOR_MIN_AGE. */
export const birthYearSchema = (currentYear: number, minAge: number = STUDENT_MIN_AGE) =>
  number().superRefine(rule((year: number) => birthYearProblem(year, currentYear, minAge)));

/** Minimum minutes between booking and the lesson's start. */
export const noticePeriodSchema = number().superRefine(
  rule((minutes: number) => {
    if (!Number.isInteger(minutes) || minutes < 0) return 'invalid-notice-period';
    return minutes > NOTICE_PERIOD_MAX_MINUTES ? 'notice-period-too-long' : undefined;
  }),
);

export const genderSchema = oneOf(GENDERS);
export const governorateSchema = oneOf(GOVERNORATES);
export const notificationMethodSchema = oneOf(NOTIFICATION_METHODS);
export const englishLevelSchema = oneOf(ENGLISH_LEVELS, 'invalid-english-level');

export const tutorProfileSchema = z.object({
  name: tutorNameSchema,
  bio: bioSchema,
  about: aboutSchema,
  noticePeriod: noticePeriodSchema,
});
