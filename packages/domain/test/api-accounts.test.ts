import { describe, expect, it } from 'vitest';
import {
  changeEmailBodySchema,
  createUserBodySchema,
  changeOwnPasswordBodySchema,
  googleSignInBodySchema,
  ownPasswordBodySchema,
  passwordSignInBodySchema,
  resetPasswordBodySchema,
  sendPasswordCodeBodySchema,
  setOwnPasswordBodySchema,
  studentProfileBodySchema,
  studentProfilePatchBodySchema,
  updateUserBodySchema,
} from '../src/index';
import { tutorMissingData, tutorTextBodySchema } from '../src/api/tutors';
import { Role } from '../src/enums';
import { codeOf, codesOf, parsed, repeat } from './helpers';

const YEAR = 2025;

describe('sign-up body', () => {
  const body = {
    name: 'Sara Ali',
    email: 'sara@example.com',
    password: 'abcd1234',
    passwordConfirmation: 'abcd1234',
    role: Role.Student,
    acceptTerms: true,
  };

  it('passes when complete', () => {
    expect(codeOf(createUserBodySchema, body)).toBeNull();
  });

  it('reports the mismatch together with a too-short password', () => {
    const result = createUserBodySchema.safeParse({
      ...body,
      password: 'abc1',
      passwordConfirmation: 'abc2',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['password', 'password-too-short'],
      ['passwordConfirmation', 'password-mismatch'],
    ]);
  });

  it('reports the mismatch even while the terms are not accepted', () => {
    expect(
      codesOf(createUserBodySchema, { ...body, acceptTerms: false, passwordConfirmation: 'x' }),
    ).toEqual(['required', 'password-mismatch']);
  });

  it('calls an empty e-mail required', () => {
    expect(codesOf(createUserBodySchema, { ...body, email: '' })).toEqual(['required']);
    expect(codesOf(passwordSignInBodySchema, { email: '', password: 'x' })).toEqual(['required']);
    expect(codesOf(sendPasswordCodeBodySchema, { email: ' ' })).toEqual(['required']);
  });
});

describe('own password bodies', () => {
  it('set: the new password and its confirmation, field by field', () => {
    expect(
      codeOf(setOwnPasswordBodySchema, {
        newPassword: 'abcd1234',
        newPasswordConfirmation: 'abcd1234',
      }),
    ).toBeNull();
    const result = setOwnPasswordBodySchema.safeParse({
      newPassword: 'abc1',
      newPasswordConfirmation: 'abc2',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['newPassword', 'password-too-short'],
      ['newPasswordConfirmation', 'new-password-mismatch'],
    ]);
  });

  it('change: the current password too', () => {
    expect(
      codesOf(changeOwnPasswordBodySchema, {
        currentPassword: '',
        newPassword: 'abc1',
        newPasswordConfirmation: 'abc2',
      }),
    ).toEqual(['required', 'password-too-short', 'new-password-mismatch']);
  });

  it('the server’s union keeps the field codes of the branch the body is for', () => {
    const set = { newPassword: 'abc1', newPasswordConfirmation: 'abc2' };
    expect(codesOf(ownPasswordBodySchema, set)).toEqual([
      'password-too-short',
      'new-password-mismatch',
    ]);
    expect(codesOf(ownPasswordBodySchema, { ...set, currentPassword: 'old' })).toEqual([
      'password-too-short',
      'new-password-mismatch',
    ]);
    expect(
      parsed(ownPasswordBodySchema, {
        currentPassword: 'old',
        newPassword: 'abcd1234',
        newPasswordConfirmation: 'abcd1234',
      }),
    ).toMatchObject({ currentPassword: 'old' });
  });
});

describe('password reset body', () => {
  it('reports the mismatch together with a too-short password', () => {
    expect(
      codesOf(resetPasswordBodySchema, {
        resetToken: 't',
        password: 'abc1',
        passwordConfirmation: 'abc2',
      }),
    ).toEqual(['password-too-short', 'password-mismatch']);
    expect(
      codesOf(resetPasswordBodySchema, { password: 'abcd1234', passwordConfirmation: 'x' }),
    ).toEqual(['required', 'password-mismatch']);
  });
});

describe('student profile bodies', () => {
  const main = { birthYear: 2000, gender: 'female', city: 2, level: 3 };

  it('POST /student/ needs the whole main info', () => {
    expect(codeOf(studentProfileBodySchema(YEAR), main)).toBeNull();
    expect(codesOf(studentProfileBodySchema(YEAR), {})).toEqual([
      'required',
      'required',
      'required',
      'required',
    ]);
  });

  it('PATCH /student/ takes any part of it, with the same rules', () => {
    const patch = studentProfilePatchBodySchema(YEAR);
    expect(parsed(patch, { city: 5 })).toEqual({ city: 5 });
    expect(parsed(patch, { job: '' })).toEqual({ job: null });
    expect(codeOf(patch, { level: 9 })).toBe('invalid-english-level');
    expect(codeOf(patch, { birthYear: YEAR - 2 })).toBe('too-young');
  });

  it('PATCH /student/ cannot clear the main info nor be empty', () => {
    const patch = studentProfilePatchBodySchema(YEAR);
    expect(codeOf(patch, { city: null })).toBe('required');
    expect(patch.safeParse({}).error?.issues[0]?.message).toBe('empty-request');
  });
});

describe('tutor texts', () => {
  const bio = 'معلمة لغة إنجليزية بخبرة عشر سنوات';
  const about = `أساعد الطلاب على التحدث بثقة. ${repeat('درس ', 20)}`;

  it('accepts Arabic bio and about, each optional', () => {
    expect(parsed(tutorTextBodySchema, { bio, about })).toEqual({ bio, about: about.trim() });
    expect(parsed(tutorTextBodySchema, {})).toEqual({});
  });

  it('names each field’s problem', () => {
    expect(codesOf(tutorTextBodySchema, { bio: '', about: 'short' })).toEqual([
      'bio-empty',
      'about-too-short',
    ]);
    expect(codeOf(tutorTextBodySchema, { bio: 'An English teacher of ten years' })).toBe(
      'bio-not-arabic',
    );
    expect(codeOf(tutorTextBodySchema, { bio: repeat('ب', 301) })).toBe('bio-too-long');
  });
});

describe('PUT /user/{id} body', () => {
  it('carries a tutor’s texts with their own codes', () => {
    const body = updateUserBodySchema(YEAR);
    expect(codesOf(body, { bio: 'short', about: 'Hello' })).toEqual([
      'bio-too-short',
      'about-too-short',
    ]);
    expect(parsed(body, { job: 'مهندس' })).toEqual({ job: 'مهندس' });
  });
});

describe('tutor missing data', () => {
  const complete = {
    image: 'a.png',
    verifiedEmail: true,
    verifiedPhone: true,
    bio: 'نبذة',
    about: 'عن المعلم',
    video: 'v.mp4',
    thumbnail: 't.png',
  };

  it('is empty for a complete profile', () => {
    expect(tutorMissingData(complete)).toEqual([]);
  });

  it('lists every missing part in a fixed order; blank text counts as missing', () => {
    expect(
      tutorMissingData({
        image: null,
        verifiedEmail: false,
        verifiedPhone: false,
        bio: ' ',
        about: null,
        video: null,
        thumbnail: null,
      }),
    ).toEqual(['image', 'bio', 'about', 'video', 'thumbnail', 'verified-email', 'verified-phone']);
    expect(tutorMissingData({ ...complete, about: null, verifiedPhone: false })).toEqual([
      'about',
      'verified-phone',
    ]);
  });
});

describe('issue 15 bodies', () => {
  it('Google sign-in needs a nonce', () => {
    expect(codesOf(googleSignInBodySchema, { idToken: 'x' })).toEqual(['required']);
    expect(codesOf(googleSignInBodySchema, { idToken: 'x', nonce: '' })).toEqual(['required']);
    expect(parsed(googleSignInBodySchema, { idToken: 'x', nonce: 'n' }).nonce).toBe('n');
  });

  it('changing the e-mail takes one valid address', () => {
    expect(codesOf(changeEmailBodySchema, { email: 'not-an-email' })).toEqual(['invalid-email']);
    expect(codesOf(changeEmailBodySchema, {})).toEqual(['required']);
    expect(parsed(changeEmailBodySchema, { email: 'new@example.com' }).email).toBe(
      'new@example.com',
    );
  });
});
