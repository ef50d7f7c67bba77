import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, VALIDATION_CODES } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES, messageForError } from '../src/messages';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const ALL_CODES = [...API_ERROR_CODES, ...VALIDATION_CODES];

describe('ERROR_MESSAGES', () => {
  it.each(ALL_CODES)('has an Arabic sentence for %s', (code) => {
    const message = (ERROR_MESSAGES as Record<string, string | undefined>)[code];
    expect(message, `no Arabic message for error code "${code}"`).toBeTypeOf('string');
    expect(message!.trim().length).toBeGreaterThan(0);
    expect(message).toMatch(ARABIC_LETTER);
    // A sentence, not a label: at least three words.
    expect(message!.trim().split(/\s+/).length).toBeGreaterThanOrEqual(3);
  });

  it('has no sentence for a code the domain does not know', () => {
    const known = new Set<string>(ALL_CODES);
    expect(Object.keys(ERROR_MESSAGES).filter((code) => !known.has(code))).toEqual([]);
  });

  it('gives every code its own sentence', () => {
    const byMessage = new Map<string, string[]>();
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      byMessage.set(message, [...(byMessage.get(message) ?? []), code]);
    }
    const shared = [...byMessage.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([]);
  });

  it('writes the withdrawal bounds the way an ar-EG reader expects', () => {
    expect(ERROR_MESSAGES['invalid-withdrawal-amount']).toBe(
      'من فضلك أدخل مبلغًا بين ١٠٠ و٥٠٬٠٠٠ جنيه فقط',
    );
    expect(ERROR_MESSAGES['password-too-short']).toContain('٨');
    expect(ERROR_MESSAGES['invalid-confirmation-code']).toContain('٥');
  });
});

describe('UI_MESSAGES', () => {
  it.each(Object.entries(UI_MESSAGES))('%s is non-empty Arabic', (_key, message) => {
    expect(message.trim().length).toBeGreaterThan(0);
    expect(message).toMatch(ARABIC_LETTER);
  });

  it('uses the exact loading label', () => {
    expect(UI_MESSAGES.loading).toBe('جارٍ التحميل');
  });
});

describe('messageForError', () => {
  it('maps an ApiError-like value with a known code to its sentence', () => {
    const error = Object.assign(new Error('wrong-password'), {
      code: 'wrong-password',
      status: 400,
    });
    expect(messageForError(error)).toBe(ERROR_MESSAGES['wrong-password']);
    expect(messageForError({ code: 'required' })).toBe(ERROR_MESSAGES.required);
    expect(messageForError('user-exists')).toBe(ERROR_MESSAGES['user-exists']);
  });

  it('maps network failures to the connection sentence', () => {
    const networkError = new Error('Network Error');
    networkError.name = 'NetworkError';
    expect(messageForError(networkError)).toBe(UI_MESSAGES.connectionFailed);
    expect(messageForError(new TypeError('Failed to fetch'))).toBe(UI_MESSAGES.connectionFailed);
  });

  it('falls back to the generic unexpected sentence', () => {
    expect(messageForError({ code: 'no-such-code' })).toBe(UI_MESSAGES.unexpected);
    expect(messageForError(new Error('boom'))).toBe(UI_MESSAGES.unexpected);
    expect(messageForError(undefined)).toBe(UI_MESSAGES.unexpected);
    expect(messageForError(null)).toBe(UI_MESSAGES.unexpected);
  });
});
