import { describe, expect, it } from 'vitest';
import {
  charCount,
  collapseSpaces,
  hasControlCharacters,
  isArabicText,
  isArabicWord,
  isNamePart,
  isReadableText,
  normaliseEgyptianPhone,
  toAsciiDigits,
} from '../src/text';

describe('text helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charCount('أحمد')).toBe(4);
    expect(charCount('👍🏽')).toBe(2);
    expect('👍🏽'.length).toBe(4);
  });

  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('a١b')).toBe('a1b');
  });

  it('collapses white space', () => {
    expect(collapseSpaces('  أحمد \t  علي\n')).toBe('أحمد علي');
  });

  it('recognises Arabic words and prose', () => {
    expect(isArabicWord('مُحَمَّد')).toBe(true); // with harakat
    expect(isArabicWord('ڤيڤيان')).toBe(true);
    expect(isArabicWord('Ahmed')).toBe(false);
    expect(isArabicText('أُدرّس الإنجليزية منذ ١٠ سنوات، و5 سنوات أونلاين؟ نعم!')).toBe(true);
    expect(isArabicText('١٢٣٤٥ ...')).toBe(false);
    expect(isArabicText('أدرّس IELTS')).toBe(false);
  });

  it('recognises name parts in any script', () => {
    expect(isNamePart("O'Neil")).toBe(true);
    expect(isNamePart('Al-Sayed')).toBe(true);
    expect(isNamePart('عبدالله')).toBe(true);
    expect(isNamePart('-Ali')).toBe(false);
    expect(isNamePart('Ali2')).toBe(false);
  });

  it('spots control characters but allows line breaks and tabs', () => {
    expect(hasControlCharacters('سطر\nسطر\tآخر\r\n')).toBe(false);
    expect(hasControlCharacters(`a${String.fromCharCode(0)}b`)).toBe(true);
    expect(hasControlCharacters(`a${String.fromCharCode(0x85)}b`)).toBe(true);
    expect(isReadableText('...')).toBe(false);
    expect(isReadableText('جيد جدا')).toBe(true);
  });
});

describe('normaliseEgyptianPhone', () => {
  it.each([
    ['01012345678', '+201012345678'],
    ['01112345678', '+201112345678'],
    ['01212345678', '+201212345678'],
    ['01512345678', '+201512345678'],
    ['+201012345678', '+201012345678'],
    ['00201012345678', '+201012345678'],
    ['201012345678', '+201012345678'],
    ['+20 (0) 101 234-5678', '+201012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '+201012345678'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseEgyptianPhone(input)).toBe(expected);
  });

  it.each([
    ['01312345678', 'no 013 network'],
    ['0101234567', 'one digit short'],
    ['010123456789', 'one digit long'],
    ['+971501234567', 'not Egyptian'],
    ['0221234567', 'a landline'],
    ['01o12345678', 'a letter'],
  ])('refuses %s (%s)', (input) => {
    expect(normaliseEgyptianPhone(input)).toBeNull();
  });
});
