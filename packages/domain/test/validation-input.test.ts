import { describe, expect, it } from 'vitest';
import {
  bioSchema,
  couponCodeSchema,
  createUserBodySchema,
  ID_MAX,
  idParamsSchema,
  idSchema,
  idTextSchema,
  lessonListQuerySchema,
  messageTextSchema,
  numericIdParamsSchema,
  phoneSchema,
  profileFieldsSchema,
  studentProfilePatchBodySchema,
  textSchema,
  tutorSearchSchema,
  userListQuerySchema,
  userTopicsBodySchema,
} from '../src';
import { codeOf, codesOf, parsed } from './helpers';

describe('the one id rule', () => {
  it('is PostgreSQL integer sized', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
  });

  it('takes whole numbers 1 to 2^31-1 in a body', () => {
    expect(parsed(idSchema, 1)).toBe(1);
    expect(parsed(idSchema, ID_MAX)).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53, '1', Number.NaN]) {
      expect(codeOf(idSchema, bad), String(bad)).toBe('invalid-type');
    }
    expect(codeOf(idSchema, undefined)).toBe('required');
  });

  it('takes decimal digits 1 to 2^31-1 in a path or query', () => {
    expect(parsed(idTextSchema, '42')).toBe(42);
    expect(parsed(idTextSchema, String(ID_MAX))).toBe(ID_MAX);
    for (const bad of [
      '0',
      '2147483648',
      '99999999999999999999',
      '1e3',
      '0x10',
      '-1',
      ' 1',
      '',
      undefined,
    ]) {
      expect(codeOf(idTextSchema, bad), bad).toBe('invalid-type');
    }
  });

  it('is what the shared path, query and body schemas use', () => {
    expect(numericIdParamsSchema).toBe(idParamsSchema);
    expect(codeOf(idParamsSchema, { id: '2147483648' })).toBe('invalid-type');
    expect(codeOf(lessonListQuerySchema, { tutorId: '2147483648' })).toBe('invalid-type');
    expect(codeOf(userTopicsBodySchema, { topicIds: [ID_MAX + 1] })).toBe('invalid-type');
  });
});

describe('the one text rule', () => {
  const NUL = '\u0000';

  it('refuses a NUL anywhere in a string, before any other check', () => {
    expect(codesOf(textSchema(), `a${NUL}b`)).toEqual(['invalid-type']);
    expect(codeOf(textSchema(), NUL)).toBe('invalid-type');
    expect(parsed(textSchema(), 'سلام\tعليكم\n')).toBe('سلام\tعليكم\n');
    expect(codeOf(textSchema(), undefined)).toBe('required');
  });

  it('is used by every text schema', () => {
    const withNul = `نص عربي طويل بما يكفي${NUL}`;
    // A field with its own "invalid" code reports that one.
    expect(codeOf(bioSchema, withNul)).toBe('bio-not-arabic');
    expect(codeOf(messageTextSchema, `hi${NUL}`)).toBe('message-invalid');
    expect(codeOf(phoneSchema, `01012345678${NUL}`)).toBe('invalid-type');
    expect(codeOf(couponCodeSchema, `SUMMER${NUL}`)).toBe('invalid-type');
    expect(codeOf(tutorSearchSchema, `a${NUL}`)).toBe('invalid-type');
    expect(codeOf(userListQuerySchema, { search: `a${NUL}` })).toBe('invalid-type');
    const profile = profileFieldsSchema(2026);
    expect(codesOf(profile, { job: `x${NUL}`, aim: `y${NUL}`, name: `Mona${NUL} Adel` })).toEqual([
      'invalid-type',
      'invalid-type',
      'invalid-type',
    ]);
    expect(codeOf(studentProfilePatchBodySchema(2026), { aim: NUL })).toBe('invalid-type');
    expect(
      codeOf(createUserBodySchema, {
        name: 'Mona Adel',
        email: 'mona@example.com',
        password: 'password1',
        passwordConfirmation: `password1${NUL}`,
        role: 4,
        acceptTerms: true,
      }),
    ).toBe('invalid-type');
  });
});
