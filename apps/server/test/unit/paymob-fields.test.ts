import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitToLimit,
  intentionRequestBody,
  normaliseSpaces,
  PAYMOB_FIELD_LIMITS,
  paymobFieldLimitErrors,
  paymobLength,
  paymobNames,
} from '../../src/integrations/paymob';

/** Words from Latin, Arabic (with marks), and astral letters (one code point, two UTF-16 units). */
const letter = fc.constantFrom(
  'a',
  'Z',
  'ب',
  'ع',
  'ي',
  '\u064E', // fatha: a mark, its own code point
  '\u0651', // shadda
  '𝒜', // U+1D49C, outside the BMP
  'é',
);
const word = fc.array(letter, { minLength: 1, maxLength: 70 }).map((chars) => chars.join(''));
const spaces = fc.constantFrom(' ', '  ', '\t', '\u00A0');
const text = fc
  .tuple(word, fc.array(fc.tuple(spaces, word), { maxLength: 12 }))
  .map(([head, tail]) => head + tail.map(([gap, w]) => gap + w).join(''));

describe('fitToLimit', () => {
  it('is within the limit and a prefix of the text cut on a word boundary', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 80 }), (value, max) => {
        const fitted = fitToLimit(value, max);
        const normal = normaliseSpaces(value);
        expect(paymobLength(fitted)).toBeLessThanOrEqual(max);
        expect(fitted.length).toBeGreaterThan(0);
        expect(normal.startsWith(fitted)).toBe(true);
        const firstWord = normal.split(' ')[0] ?? '';
        if (paymobLength(firstWord) > max) {
          // No boundary to cut on: the first word's first `max` code points.
          expect(fitted).toBe([...firstWord].slice(0, max).join(''));
        } else {
          // Ends on a word boundary: the whole text, or a space follows in the text.
          expect(fitted === normal || normal[fitted.length] === ' ').toBe(true);
          // And it is the longest such prefix: the next word would not fit.
          if (fitted !== normal) {
            const nextWord = normal.slice(fitted.length + 1).split(' ')[0] ?? '';
            expect(paymobLength(fitted) + 1 + paymobLength(nextWord)).toBeGreaterThan(max);
          }
        }
      }),
    );
  });

  it('keeps a value that fits (spaces normalised) and never cuts an astral letter in half', () => {
    expect(fitToLimit('  سارة   محمود ', 50)).toBe('سارة محمود');
    expect(fitToLimit('𝒜𝒜𝒜', 2)).toBe('𝒜𝒜');
    expect(fitToLimit('عبد الرحمن', 5)).toBe('عبد');
  });

  it('counts code points as Paymob (Python) does: marks count, astral letters count once', () => {
    const voweled = 'مُحَمَّد'; // 4 letters and 4 marks
    expect(paymobLength(voweled)).toBe(8);
    expect(paymobLength('𝒜')).toBe(1);
    expect('𝒜'.length).toBe(2);
  });
});

describe('paymobNames', () => {
  it('gives a first and a last name within Paymob limits for any name', () => {
    fc.assert(
      fc.property(text, (name) => {
        const { first, last } = paymobNames(name);
        expect(paymobLength(first)).toBeLessThanOrEqual(
          PAYMOB_FIELD_LIMITS['billing_data.first_name'],
        );
        expect(paymobLength(last)).toBeLessThanOrEqual(
          PAYMOB_FIELD_LIMITS['billing_data.last_name'],
        );
        expect(first.length).toBeGreaterThan(0);
        expect(last.length).toBeGreaterThan(0);
      }),
    );
  });

  it('splits on the first space and fits the rest on word boundaries', () => {
    const rest = Array.from({ length: 12 }, () => 'عبدالله').join(' '); // 95 code points
    const { first, last } = paymobNames(`سارة ${rest}`);
    expect(first).toBe('سارة');
    expect(last).toBe(Array.from({ length: 6 }, () => 'عبدالله').join(' ')); // 47
    expect(paymobNames('مريم')).toEqual({ first: 'مريم', last: 'NA' });
  });
});

describe('the intention body', () => {
  const input = (name: string, itemName: string) => ({
    amountPiasters: 150_000,
    merchantReference: 'ord-1',
    customer: { name, email: 'a@example.com', phone: '+201001234567' },
    items: [{ name: itemName, amountPiasters: 150_000 }],
    notificationUrl: 'https://api.example.com/paymob/callback',
    redirectionUrl: 'https://app.example.com/return',
  });

  it('fits every limited field, so Paymob never refuses it for a length', () => {
    fc.assert(
      fc.property(text, text, (name, itemName) => {
        const body = intentionRequestBody(input(name, itemName), [1]);
        expect(paymobFieldLimitErrors(body)).toBeUndefined();
      }),
    );
  });

  it('the refusal names the field as Django REST framework does', () => {
    expect(paymobFieldLimitErrors({ billing_data: { first_name: 'a'.repeat(51) } })).toEqual({
      billing_data: { first_name: ['Ensure this field has no more than 50 characters.'] },
    });
    expect(paymobFieldLimitErrors({ items: [{ name: 'ok' }, { name: 'ب'.repeat(51) }] })).toEqual({
      items: { name: ['Ensure this field has no more than 50 characters.'] },
    });
    expect(
      paymobFieldLimitErrors({ billing_data: { first_name: '𝒜'.repeat(50) } }),
    ).toBeUndefined();
  });
});
