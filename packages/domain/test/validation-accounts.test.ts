import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
  loginSchema,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  passwordWithConfirmationSchema,
  phoneSchema,
  sameEmail,
  registerSchema,
  resetPasswordSchema,
  tutorNameSchema,
  userNameSchema,
  verificationCodeSchema,
} from '../src/validation';
import { codeOf, codesOf, parsed, repeat } from './helpers';

describe('password', () => {
  const withLength = (length: number) => `a1${repeat('b', length - 2)}`;

  it('accepts 8 to 50 characters with a letter and a digit', () => {
    expect(codesOf(passwordSchema, withLength(PASSWORD_MIN_LENGTH))).toEqual([]);
    expect(codesOf(passwordSchema, withLength(PASSWORD_MAX_LENGTH))).toEqual([]);
    expect(codesOf(passwordSchema, 'كلمةسر٢٠٢٥')).toEqual([]); // Arabic letters and digits
  });

  it('refuses 7 and 51 characters', () => {
    expect(codesOf(passwordSchema, withLength(PASSWORD_MIN_LENGTH - 1))).toEqual([
      'password-too-short',
    ]);
    expect(codesOf(passwordSchema, withLength(PASSWORD_MAX_LENGTH + 1))).toEqual([
      'password-too-long',
    ]);
  });

  it('needs a digit and a letter, and refuses white space', () => {
    expect(codesOf(passwordSchema, 'abcdefgh')).toEqual(['password-needs-digit']);
    expect(codesOf(passwordSchema, '12345678')).toEqual(['password-needs-letter']);
    expect(codesOf(passwordSchema, 'abcd 1234')).toEqual(['password-has-whitespace']);
    expect(codesOf(passwordSchema, 'abcd1234\t')).toEqual(['password-has-whitespace']);
  });

  it('reports every broken rule so a form can show a checklist', () => {
    expect(codesOf(passwordSchema, ' ')).toEqual([
      'password-too-short',
      'password-has-whitespace',
      'password-needs-letter',
      'password-needs-digit',
    ]);
  });

  it('is required and must be text', () => {
    expect(codeOf(passwordSchema, undefined)).toBe('required');
    expect(codeOf(passwordSchema, 12345678)).toBe('invalid-type');
  });
});

describe('password confirmation', () => {
  it('must match', () => {
    const ok = { password: 'abcd1234', passwordConfirmation: 'abcd1234' };
    expect(codeOf(passwordWithConfirmationSchema, ok)).toBeNull();
    const result = passwordWithConfirmationSchema.safeParse({ ...ok, passwordConfirmation: 'x' });
    expect(result.error?.issues[0]).toMatchObject({
      message: 'password-mismatch',
      path: ['passwordConfirmation'],
    });
  });

  it('change password: the new one is checked and confirmed', () => {
    const form = {
      currentPassword: 'old',
      newPassword: 'abcd1234',
      newPasswordConfirmation: 'abcd1234',
    };
    expect(codeOf(changePasswordSchema, form)).toBeNull();
    expect(codeOf(changePasswordSchema, { ...form, newPasswordConfirmation: 'abcd12345' })).toBe(
      'new-password-mismatch',
    );
    expect(codeOf(changePasswordSchema, { ...form, currentPassword: '' })).toBe('required');
    expect(
      codeOf(changePasswordSchema, {
        ...form,
        newPassword: 'short1',
        newPasswordConfirmation: 'short1',
      }),
    ).toBe('password-too-short');
  });

  it('is reported together with the other fields’ problems', () => {
    expect(
      codesOf(passwordWithConfirmationSchema, { password: 'abc1', passwordConfirmation: 'abc2' }),
    ).toEqual(['password-too-short', 'password-mismatch']);
    expect(
      codesOf(changePasswordSchema, {
        currentPassword: '',
        newPassword: 'abc1',
        newPasswordConfirmation: 'abc2',
      }),
    ).toEqual(['required', 'password-too-short', 'new-password-mismatch']);
    // Even after a missing field, which zod would otherwise let skip the object's refinements.
    expect(
      codesOf(changePasswordSchema, { newPassword: 'abcd1234', newPasswordConfirmation: 'x' }),
    ).toEqual(['required', 'new-password-mismatch']);
    expect(
      codesOf(registerSchema, { name: 'Sara Ali', password: 'abc1', passwordConfirmation: 'abc2' }),
    ).toEqual(['required', 'password-too-short', 'password-mismatch']);
    expect(
      codesOf(resetPasswordSchema, {
        email: 'a@b.com',
        password: 'abcd1234',
        passwordConfirmation: 'abcd1235',
      }),
    ).toEqual(['required', 'password-mismatch']);
  });

  it('a confirmation not typed yet is only required', () => {
    expect(codesOf(passwordWithConfirmationSchema, { password: 'abcd1234' })).toEqual(['required']);
    // Not an object at all: the rule stays quiet instead of reading fields of null.
    expect(codesOf(passwordWithConfirmationSchema, null)).not.toContain('password-mismatch');
  });
});

describe('email', () => {
  it('trims and lower-cases', () => {
    expect(parsed(emailSchema, '  Sara.Ali@Example.COM ')).toBe('sara.ali@example.com');
  });

  it('accepts top-level parts of 2 to 4 letters', () => {
    for (const email of ['a@b.eg', 'a@b.com', 'a@mail.b.info', 'first+tag@sub-domain.co.uk']) {
      expect(codeOf(emailSchema, email)).toBeNull();
    }
  });

  it('refuses 1 or 5 letters, missing parts and spaces', () => {
    for (const email of [
      'a@b.c',
      'a@b.store',
      'a@b',
      '@b.com',
      'a b@c.com',
      'a@@b.com',
      'a@b.c0m',
    ]) {
      expect(codeOf(emailSchema, email)).toBe('invalid-email');
    }
  });

  it('is required when missing, empty or blank', () => {
    expect(codeOf(emailSchema, undefined)).toBe('required');
    expect(codeOf(emailSchema, '')).toBe('required');
    expect(codeOf(emailSchema, '   ')).toBe('required');
    expect(codeOf(emailSchema, 42)).toBe('invalid-type');
  });

  it('is at most 254 characters', () => {
    const domain = '@example.com';
    const local = (length: number) => repeat('a', length - domain.length);
    expect(codeOf(emailSchema, local(EMAIL_MAX_LENGTH) + domain)).toBeNull();
    expect(codeOf(emailSchema, local(EMAIL_MAX_LENGTH + 1) + domain)).toBe('invalid-email');
  });

  it('login needs an email and any password', () => {
    expect(codeOf(loginSchema, { email: 'a@b.com', password: 'x' })).toBeNull();
    expect(codeOf(loginSchema, { email: 'a@b.com', password: '' })).toBe('required');
    expect(codeOf(loginSchema, { password: 'x' })).toBe('required');
    expect(codesOf(loginSchema, { email: '', password: '' })).toEqual(['required', 'required']);
  });
});

describe('verification code', () => {
  it('is exactly five digits, Arabic-Indic digits included', () => {
    expect(parsed(verificationCodeSchema, ' 12345 ')).toBe('12345');
    expect(parsed(verificationCodeSchema, '١٢٣٤٥')).toBe('12345');
    expect(codeOf(verificationCodeSchema, '1234')).toBe('invalid-confirmation-code');
    expect(codeOf(verificationCodeSchema, '123456')).toBe('invalid-confirmation-code');
    expect(codeOf(verificationCodeSchema, '12a45')).toBe('invalid-confirmation-code');
  });
});

describe('phone', () => {
  it('normalises an Egyptian mobile to E.164', () => {
    expect(parsed(phoneSchema, '010 1234 5678')).toBe('+201012345678');
  });

  it('is required, then must be an Egyptian mobile', () => {
    expect(codeOf(phoneSchema, undefined)).toBe('phone-required');
    expect(codeOf(phoneSchema, '  ')).toBe('phone-required');
    expect(codeOf(phoneSchema, '0101234567')).toBe('invalid-phone');
    expect(codeOf(phoneSchema, '010123456789')).toBe('invalid-phone');
    expect(codeOf(phoneSchema, 1012345678)).toBe('invalid-phone');
  });
});

describe('user name', () => {
  it('collapses spaces', () => {
    expect(parsed(userNameSchema, '  Sara   Ali ')).toBe('Sara Ali');
  });

  it('needs two parts of two letters at least', () => {
    expect(codeOf(userNameSchema, 'Sara Ali')).toBeNull();
    expect(codeOf(userNameSchema, 'سارة علي محمد')).toBeNull();
    expect(codeOf(userNameSchema, "Mary O'Neil-Smith")).toBeNull();
    expect(codeOf(userNameSchema, 'Saraali')).toBe('invalid-user-name');
    expect(codeOf(userNameSchema, 'Sara A')).toBe('invalid-user-name');
    expect(codeOf(userNameSchema, 'Sara Ali2')).toBe('invalid-user-name');
  });

  it('is 5 to 50 characters', () => {
    expect(codeOf(userNameSchema, 'ab cd')).toBeNull();
    expect(codeOf(userNameSchema, 'ab c')).toBe('name-too-short');
    const name = (length: number) => `${repeat('a', 10)} ${repeat('b', length - 11)}`;
    expect(codeOf(userNameSchema, name(NAME_MAX_LENGTH))).toBeNull();
    expect(codeOf(userNameSchema, name(NAME_MAX_LENGTH + 1))).toBe('name-too-long');
  });

  it('a tutor’s name is Arabic', () => {
    expect(codeOf(tutorNameSchema, 'أحمد عبد-الله')).toBeNull();
    expect(codeOf(tutorNameSchema, 'مُحَمَّد علي')).toBeNull();
    expect(codeOf(tutorNameSchema, 'Ahmed Ali')).toBe('name-not-arabic');
    expect(codeOf(tutorNameSchema, 'أحمد Ali')).toBe('name-not-arabic');
    expect(codeOf(tutorNameSchema, 'عبدالرحمن')).toBe('invalid-user-name');
  });
});

describe('account forms', () => {
  const account = {
    name: 'Sara Ali',
    email: 'sara@example.com',
    password: 'abcd1234',
    passwordConfirmation: 'abcd1234',
  };

  it('registration', () => {
    expect(codeOf(registerSchema, account)).toBeNull();
    expect(codeOf(registerSchema, { ...account, passwordConfirmation: 'abcd12345' })).toBe(
      'password-mismatch',
    );
  });

  it('password reset', () => {
    const reset = { ...account, code: '12345' };
    expect(codeOf(resetPasswordSchema, reset)).toBeNull();
    expect(codeOf(resetPasswordSchema, { ...reset, code: '1234' })).toBe(
      'invalid-confirmation-code',
    );
  });
});

describe('sameEmail', () => {
  it('compares addresses trimmed and case-insensitively', () => {
    expect(sameEmail('Sara@Example.com', ' sara@example.com ')).toBe(true);
    expect(sameEmail('sara@example.com', 'sara2@example.com')).toBe(false);
  });
});
