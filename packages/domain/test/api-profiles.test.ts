import { describe, expect, it } from 'vitest';
import {
  firstNameOf,
  Gender,
  Governorate,
  NotificationMethod,
  Role,
  toTutorReview,
  userView,
  userViewSchema,
} from '../src';
import type { User } from '../src';

const user: User = {
  id: 7,
  name: 'Mona Adel',
  email: 'mona@example.com',
  pendingEmail: null,
  hasPassword: true,
  creditScore: 0,
  notificationMethod: NotificationMethod.None,
  birthYear: 2001,
  gender: Gender.Female,
  image: null,
  verifiedEmail: true,
  verifiedPhone: false,
  phone: '+201012345678',
  role: Role.Student,
  city: Governorate.Cairo,
  job: 'Engineer',
  level: 3,
  aim: 'Travel',
  topics: [1, 2],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('profile views', () => {
  it('keep only the fields of the view', () => {
    expect(userView(user, 'full')).toEqual(user);
    expect(userView(user, 'public')).toEqual({ id: 7, name: 'Mona Adel', image: null });
    expect(userView(user, 'lesson-student')).toEqual({
      id: 7,
      name: 'Mona Adel',
      image: null,
      role: Role.Student,
      level: 3,
      aim: 'Travel',
    });
    const tutor = { ...user, role: Role.Tutor };
    expect(userView(tutor, 'tutor-public')).toEqual({
      id: 7,
      name: 'Mona Adel',
      image: null,
      role: Role.Tutor,
      gender: Gender.Female,
      topics: [1, 2],
    });
  });

  it('refuse a view that does not fit the account (a student is no tutor card)', () => {
    expect(() => userView(user, 'tutor-public')).toThrow();
  });

  it('serialize each view as itself through the response schema, never as a richer one', () => {
    for (const view of ['full', 'lesson-student', 'public'] as const) {
      const shown = userView(user, view);
      expect(userViewSchema.parse(shown)).toEqual(shown);
    }
    // A stray private field added to a public card is dropped, not passed on.
    const leaky = { ...userView(user, 'public'), email: user.email, birthYear: 2001 };
    expect(userViewSchema.parse(leaky)).toEqual({ id: 7, name: 'Mona Adel', image: null });
  });
});

describe('public reviews', () => {
  it('name the reviewer by first name only, without their id', () => {
    expect(firstNameOf('  Mona   Adel Hassan ')).toBe('Mona');
    expect(firstNameOf('منى عادل')).toBe('منى');
    const review = toTutorReview({
      id: 1,
      value: 5,
      text: null,
      raterId: 9,
      rateeId: 3,
      name: 'منى عادل',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expect(review).toEqual({
      id: 1,
      value: 5,
      text: null,
      rateeId: 3,
      name: 'منى',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });
});
