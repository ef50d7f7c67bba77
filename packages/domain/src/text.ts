/**
 * Character-level helpers for the validation rules. Arabic users type Arabic-Indic digits
 * (٠١٢) on their phones as often as Latin ones, so digit input is normalised before checking.
 */

/** True when a text holds a NUL character, which PostgreSQL `text` cannot store. */
export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');

/** Counts user-perceived characters as Postgres `char_length` does: by code point, not UTF-16 unit. */
export const charCount = (value: string): number => [...value].length;

/** Turns Arabic-Indic (٠-٩) and Persian (۰-۹) digits into 0-9; everything else is kept. */
export const toAsciiDigits = (value: string): string =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) & 0x0f),
  );

/** Collapses runs of spaces (and any other white space) to one space and trims the ends. */
export const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

/**
 * Arabic letters: the basic block (hamza to yeh, tatweel included) and the extended letters used
 * in Egypt and for foreign sounds (پ چ ڤ گ ی ...).
 */
const ARABIC_LETTERS = '\\u0621-\\u064A\\u066E\\u066F\\u0671-\\u06D3\\u06D5\\u06FA-\\u06FC';
/**
 * Harakat (fatha, shadda ...) are combining marks: they are removed before the letters are
 * checked, rather than listed in a character class where they would combine with their neighbour.
 */
const withoutMarks = (value: string): string => value.replace(/\p{M}/gu, '');
/** Digits Egyptians write: Latin, Arabic-Indic and Persian. */
const DIGITS = '0-9\\u0660-\\u0669\\u06F0-\\u06F9';
/**
 * Punctuation allowed in Arabic prose: the Arabic comma, semicolon, question mark, percent and
 * decimal signs, full stop, guillemets, plus the neutral marks Arabic text shares with Latin.
 */
const ARABIC_PUNCTUATION = '\\u060C\\u061B\\u061F\\u066A-\\u066C\\u06D4\\u00AB\\u00BB\\u2026';
const NEUTRAL_PUNCTUATION = '.,!:;\\-()"\'/%+_\\u2013\\u2014';

const ARABIC_WORD = new RegExp(`^[${ARABIC_LETTERS}]+$`, 'u');
const ARABIC_LETTER = new RegExp(`[${ARABIC_LETTERS}]`, 'u');
const ARABIC_TEXT = new RegExp(
  `^[${ARABIC_LETTERS}${DIGITS}${ARABIC_PUNCTUATION}${NEUTRAL_PUNCTUATION}\\s]*$`,
  'u',
);

/** One word of Arabic letters (with optional harakat), as in a name. */
export const isArabicWord = (value: string): boolean => ARABIC_WORD.test(withoutMarks(value));

/**
 * Arabic prose: Arabic letters, digits, spaces, line breaks and punctuation only, with at least
 * one Arabic letter (so "12345..." is not Arabic text).
 */
export const isArabicText = (value: string): boolean =>
  ARABIC_TEXT.test(withoutMarks(value)) && ARABIC_LETTER.test(value);

/** A letter of any script, as in a name part. */
const NAME_PART = /^\p{L}[\p{L}\p{M}]*(?:['\u2019-]\p{L}[\p{L}\p{M}]*)*$/u;

/** One part of a name: letters of any script, with inner apostrophes or hyphens (O'Neil, Al-Sayed). */
export const isNamePart = (value: string): boolean => NAME_PART.test(value);

export const hasLetter = (value: string): boolean => /\p{L}/u.test(value);

/**
 * Control characters other than tab, line feed and carriage return: they come from pasted binary
 * or terminal junk, never from a person typing, and break rendering and logs.
 */
export function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const isAllowedBreak = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !isAllowedBreak) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Readable free text: at least one letter and no control characters. */
export const isReadableText = (value: string): boolean =>
  hasLetter(value) && !hasControlCharacters(value);

/**
 * An Egyptian mobile number in E.164 (+201XXXXXXXXX), or null. Accepts what people type: the
 * local form 01XXXXXXXXX, +20 / 0020 / 20 prefixes (with or without the trunk 0), spaces, dashes,
 * dots, brackets and Arabic-Indic digits. Mobile prefixes are 010 (Vodafone), 011 (Etisalat/e&),
 * 012 (Orange) and 015 (WE).
 */
export function normaliseEgyptianPhone(raw: string): string | null {
  const compact = toAsciiDigits(raw).replace(/[\s\-.()]/g, '');
  const match = /^(?:\+20|0020|20)?0?(1[0125]\d{8})$/.exec(compact);
  return match ? `+20${match[1]}` : null;
}
