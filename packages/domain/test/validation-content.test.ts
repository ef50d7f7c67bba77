import { describe, expect, it } from 'vitest';
import {
  ABOUT_MAX_LENGTH,
  ABOUT_MIN_LENGTH,
  aboutSchema,
  BIO_MAX_LENGTH,
  BIO_MIN_LENGTH,
  bioSchema,
  BIRTH_YEAR_MIN,
  birthYearSchema,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TITLE_MAX_LENGTH,
  CONTACT_TITLE_MIN_LENGTH,
  contactRequestSchema,
  englishLevelSchema,
  genderSchema,
  governorateSchema,
  INTERVIEW_FEEDBACK_MAX_LENGTH,
  INTERVIEW_FEEDBACK_MIN_LENGTH,
  INTERVIEW_NOTE_MAX_LENGTH,
  INTERVIEW_NOTE_MIN_LENGTH,
  interviewFeedbackSchema,
  interviewLevelSchema,
  interviewNoteSchema,
  interviewResultSchema,
  MAX_AGE,
  MESSAGE_MAX_LENGTH,
  messageTextSchema,
  NOTICE_PERIOD_MAX_MINUTES,
  noticePeriodSchema,
  notificationMethodSchema,
  RATING_TEXT_MAX_LENGTH,
  RATING_TEXT_MIN_LENGTH,
  ratingSchema,
  ratingTextSchema,
  ratingValueSchema,
  STUDENT_MIN_AGE,
  TOPIC_NAME_MAX_LENGTH,
  TOPIC_NAME_MIN_LENGTH,
  topicSchema,
  TUTOR_MIN_AGE,
  tutorProfileSchema,
} from '../src/validation';
import { codeOf, parsed, repeat } from './helpers';

const arabic = (length: number) => repeat('ب', length);
const latin = (length: number) => repeat('a', length);

describe('bio and about (Arabic only)', () => {
  it.each([
    ['bio', bioSchema, BIO_MIN_LENGTH, BIO_MAX_LENGTH],
    ['about', aboutSchema, ABOUT_MIN_LENGTH, ABOUT_MAX_LENGTH],
  ] as const)('%s: bounds, empty and non-Arabic text', (name, schema, min, max) => {
    expect(codeOf(schema, arabic(min))).toBeNull();
    expect(codeOf(schema, arabic(max))).toBeNull();
    expect(codeOf(schema, arabic(min - 1))).toBe(`${name}-too-short`);
    expect(codeOf(schema, arabic(max + 1))).toBe(`${name}-too-long`);
    expect(codeOf(schema, '   ')).toBe(`${name}-empty`);
    expect(codeOf(schema, latin(min))).toBe(`${name}-not-arabic`);
    expect(codeOf(schema, `${arabic(min)} English`)).toBe(`${name}-not-arabic`);
    expect(codeOf(schema, undefined)).toBe('required');
  });

  it('allows Arabic punctuation, digits and line breaks, and trims', () => {
    const bio = '  مدرّسة لغة إنجليزية، خبرة ٥ سنوات (و3 في المدارس).\nأهلاً بكم؟  ';
    expect(parsed(bioSchema, bio)).toBe(bio.trim());
  });
});

describe('birth year', () => {
  const currentYear = 2025;
  const student = birthYearSchema(currentYear);
  const tutor = birthYearSchema(currentYear, TUTOR_MIN_AGE);

  it('accepts ages 6 to 100 for students', () => {
    expect(codeOf(student, currentYear - STUDENT_MIN_AGE)).toBeNull();
    expect(codeOf(student, currentYear - MAX_AGE)).toBeNull();
    expect(codeOf(student, currentYear - STUDENT_MIN_AGE + 1)).toBe('too-young');
    expect(codeOf(student, currentYear - MAX_AGE - 1)).toBe('too-old');
  });

  it('needs tutors to be 18', () => {
    expect(codeOf(tutor, currentYear - TUTOR_MIN_AGE)).toBeNull();
    expect(codeOf(tutor, currentYear - TUTOR_MIN_AGE + 1)).toBe('too-young');
  });

  it('refuses years outside 1900 to this year, and fractions', () => {
    expect(codeOf(student, BIRTH_YEAR_MIN - 1)).toBe('birth-year-out-of-range');
    expect(codeOf(student, BIRTH_YEAR_MIN)).toBe('too-old');
    expect(codeOf(student, currentYear + 1)).toBe('birth-year-out-of-range');
    expect(codeOf(student, 1990.5)).toBe('birth-year-out-of-range');
    expect(codeOf(student, '1990')).toBe('invalid-type');
  });
});

describe('notice period', () => {
  it('is 0 to 2880 whole minutes', () => {
    expect(codeOf(noticePeriodSchema, 0)).toBeNull();
    expect(codeOf(noticePeriodSchema, NOTICE_PERIOD_MAX_MINUTES)).toBeNull();
    expect(codeOf(noticePeriodSchema, NOTICE_PERIOD_MAX_MINUTES + 1)).toBe(
      'notice-period-too-long',
    );
    expect(codeOf(noticePeriodSchema, -1)).toBe('invalid-notice-period');
    expect(codeOf(noticePeriodSchema, 30.5)).toBe('invalid-notice-period');
  });
});

describe('profile choices', () => {
  it('accept only their enumeration values', () => {
    expect(codeOf(genderSchema, 'female')).toBeNull();
    expect(codeOf(genderSchema, 'other')).toBe('invalid-type');
    expect(codeOf(governorateSchema, 30)).toBeNull();
    expect(codeOf(governorateSchema, 31)).toBe('invalid-type');
    expect(codeOf(governorateSchema, 0)).toBe('invalid-type');
    expect(codeOf(notificationMethodSchema, 'telegram')).toBeNull();
    expect(codeOf(notificationMethodSchema, 'sms')).toBe('invalid-type');
    expect(codeOf(englishLevelSchema, 1)).toBeNull();
    expect(codeOf(englishLevelSchema, 6)).toBeNull();
    expect(codeOf(englishLevelSchema, 0)).toBe('invalid-english-level');
    expect(codeOf(englishLevelSchema, 7)).toBe('invalid-english-level');
    expect(codeOf(englishLevelSchema, undefined)).toBe('required');
  });

  it('tutor profile', () => {
    const profile = {
      name: 'أحمد علي',
      bio: arabic(BIO_MIN_LENGTH),
      about: arabic(ABOUT_MIN_LENGTH),
      noticePeriod: 30,
    };
    expect(codeOf(tutorProfileSchema, profile)).toBeNull();
    expect(codeOf(tutorProfileSchema, { ...profile, name: 'Ahmed Ali' })).toBe('name-not-arabic');
  });
});

describe('interview results', () => {
  it.each([
    [
      'feedback',
      interviewFeedbackSchema,
      INTERVIEW_FEEDBACK_MIN_LENGTH,
      INTERVIEW_FEEDBACK_MAX_LENGTH,
    ],
    ['note', interviewNoteSchema, INTERVIEW_NOTE_MIN_LENGTH, INTERVIEW_NOTE_MAX_LENGTH],
  ] as const)('%s: bounds and readable text', (name, schema, min, max) => {
    expect(codeOf(schema, latin(min))).toBeNull();
    expect(codeOf(schema, arabic(max))).toBeNull();
    expect(codeOf(schema, latin(min - 1))).toBe(`interview-${name}-too-short`);
    expect(codeOf(schema, latin(max + 1))).toBe(`interview-${name}-too-long`);
    expect(codeOf(schema, repeat('.', min))).toBe(`interview-${name}-invalid`);
    expect(codeOf(schema, `${latin(min)}${String.fromCharCode(7)}`)).toBe(
      `interview-${name}-invalid`,
    );
  });

  it('level is 1 to 6', () => {
    expect(codeOf(interviewLevelSchema, 1)).toBeNull();
    expect(codeOf(interviewLevelSchema, 6)).toBeNull();
    expect(codeOf(interviewLevelSchema, 0)).toBe('interview-level-too-low');
    expect(codeOf(interviewLevelSchema, 7)).toBe('interview-level-too-high');
    expect(codeOf(interviewLevelSchema, 2.5)).toBe('invalid-type');
  });

  it('the note is optional; an empty note is no note', () => {
    const result = { feedback: 'Good speaker, weak grammar.', level: 3 };
    expect(codeOf(interviewResultSchema, result)).toBeNull();
    expect(parsed(interviewResultSchema, { ...result, note: '  ' }).note).toBeUndefined();
    expect(codeOf(interviewResultSchema, { ...result, note: 'ab' })).toBe(
      'interview-note-too-short',
    );
  });
});

describe('ratings', () => {
  it('value is 1 to 5', () => {
    expect(codeOf(ratingValueSchema, 1)).toBeNull();
    expect(codeOf(ratingValueSchema, 5)).toBeNull();
    expect(codeOf(ratingValueSchema, 0)).toBe('rating-value-too-low');
    expect(codeOf(ratingValueSchema, 6)).toBe('rating-value-too-high');
    expect(codeOf(ratingValueSchema, undefined)).toBe('required');
  });

  it('text is 5 to 500 characters and optional', () => {
    expect(codeOf(ratingTextSchema, latin(RATING_TEXT_MIN_LENGTH))).toBeNull();
    expect(codeOf(ratingTextSchema, latin(RATING_TEXT_MAX_LENGTH))).toBeNull();
    expect(codeOf(ratingTextSchema, latin(RATING_TEXT_MIN_LENGTH - 1))).toBe(
      'rating-text-too-short',
    );
    expect(codeOf(ratingTextSchema, latin(RATING_TEXT_MAX_LENGTH + 1))).toBe(
      'rating-text-too-long',
    );
    expect(parsed(ratingSchema, { value: 4, text: '' })).toEqual({ value: 4 });
    expect(codeOf(ratingSchema, { value: 4, text: 'ok' })).toBe('rating-text-too-short');
  });
});

describe('chat messages', () => {
  it('are 1 to 2000 characters without control characters', () => {
    expect(codeOf(messageTextSchema, '👍')).toBeNull();
    expect(codeOf(messageTextSchema, latin(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(codeOf(messageTextSchema, '  ')).toBe('message-too-short');
    expect(codeOf(messageTextSchema, latin(MESSAGE_MAX_LENGTH + 1))).toBe('message-too-long');
    expect(codeOf(messageTextSchema, `hi${String.fromCharCode(0)}`)).toBe('message-invalid');
    expect(codeOf(messageTextSchema, 'سطر\nسطر')).toBeNull();
  });
});

describe('topics and contact requests', () => {
  it('topic names are 2 to 50 characters in both languages', () => {
    const topic = { nameAr: arabic(TOPIC_NAME_MIN_LENGTH), nameEn: latin(TOPIC_NAME_MAX_LENGTH) };
    expect(codeOf(topicSchema, topic)).toBeNull();
    expect(codeOf(topicSchema, { ...topic, nameAr: 'ب' })).toBe('topic-name-too-short');
    expect(codeOf(topicSchema, { ...topic, nameEn: latin(TOPIC_NAME_MAX_LENGTH + 1) })).toBe(
      'topic-name-too-long',
    );
  });

  it('contact title is 3 to 100 and message 10 to 2000 characters', () => {
    const request = {
      title: latin(CONTACT_TITLE_MIN_LENGTH),
      message: latin(CONTACT_MESSAGE_MAX_LENGTH),
    };
    expect(codeOf(contactRequestSchema, request)).toBeNull();
    const check = (change: Partial<typeof request>) =>
      codeOf(contactRequestSchema, { ...request, ...change });
    expect(check({ title: latin(CONTACT_TITLE_MIN_LENGTH - 1) })).toBe('contact-title-too-short');
    expect(check({ title: latin(CONTACT_TITLE_MAX_LENGTH + 1) })).toBe('contact-title-too-long');
    expect(check({ message: latin(CONTACT_MESSAGE_MIN_LENGTH - 1) })).toBe(
      'contact-message-too-short',
    );
    expect(check({ message: latin(CONTACT_MESSAGE_MAX_LENGTH + 1) })).toBe(
      'contact-message-too-long',
    );
  });
});
