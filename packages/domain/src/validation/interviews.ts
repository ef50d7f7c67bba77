import { z } from 'zod';
import { EnglishLevel } from '../enums';
import { isReadableText } from '../text';
import { boundedInteger, boundedText, optionalText } from './blocks';

export const INTERVIEW_FEEDBACK_MIN_LENGTH = 10;
export const INTERVIEW_FEEDBACK_MAX_LENGTH = 2000;
export const INTERVIEW_NOTE_MIN_LENGTH = 3;
export const INTERVIEW_NOTE_MAX_LENGTH = 1000;

export const interviewFeedbackSchema = boundedText({
  min: INTERVIEW_FEEDBACK_MIN_LENGTH,
  max: INTERVIEW_FEEDBACK_MAX_LENGTH,
  tooShort: 'interview-feedback-too-short',
  tooLong: 'interview-feedback-too-long',
  invalid: 'interview-feedback-invalid',
  isValid: isReadableText,
});

export const interviewNoteSchema = boundedText({
  min: INTERVIEW_NOTE_MIN_LENGTH,
  max: INTERVIEW_NOTE_MAX_LENGTH,
  tooShort: 'interview-note-too-short',
  tooLong: 'interview-note-too-long',
  invalid: 'interview-note-invalid',
  isValid: isReadableText,
});

/** The English level an interviewer gives, 1-6. */
export const interviewLevelSchema = boundedInteger(
  EnglishLevel.Beginner,
  EnglishLevel.Mastery,
  'interview-level-too-low',
  'interview-level-too-high',
);

export const interviewResultSchema = z.object({
  feedback: interviewFeedbackSchema,
  note: optionalText(interviewNoteSchema),
  level: interviewLevelSchema,
});
