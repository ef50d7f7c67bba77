import { describe, expect, it } from 'vitest';
import {
  raterRatingsQuerySchema,
  ratingCreateBodySchema,
  ratingEditBodySchema,
} from '../src/ratings/contract';
import { codeOf, codesOf, parsed, repeat } from './helpers';

describe('the rating bodies (POST /rating/, PUT /rating/{id})', () => {
  it('take the tutor, 1-5 stars and an optional text of 5-500 characters', () => {
    expect(parsed(ratingCreateBodySchema, { rateeId: 3, value: 1 })).toEqual({
      rateeId: 3,
      value: 1,
    });
    expect(
      parsed(ratingCreateBodySchema, { rateeId: 3, value: 5, text: repeat('ا', 500) }),
    ).toEqual({ rateeId: 3, value: 5, text: repeat('ا', 500) });
    // A blank text is no text.
    expect(parsed(ratingEditBodySchema, { value: 4, text: '  ' })).toEqual({ value: 4 });
  });

  it('refuse stars and texts out of bounds with their codes', () => {
    expect(codeOf(ratingEditBodySchema, { value: 0 })).toBe('rating-value-too-low');
    expect(codeOf(ratingEditBodySchema, { value: 6 })).toBe('rating-value-too-high');
    expect(codeOf(ratingEditBodySchema, { value: 2.5 })).not.toBeNull();
    expect(codeOf(ratingEditBodySchema, {})).toBe('required');
    expect(codeOf(ratingEditBodySchema, { value: 3, text: 'abcd' })).toBe('rating-text-too-short');
    expect(codeOf(ratingEditBodySchema, { value: 3, text: repeat('ا', 501) })).toBe(
      'rating-text-too-long',
    );
    expect(codesOf(ratingCreateBodySchema, { value: 3 })).toEqual(['required']);
    expect(codeOf(ratingCreateBodySchema, { rateeId: 0, value: 3 })).toBe('invalid-type');
  });

  it('let the rater’s list ask for one tutor', () => {
    expect(parsed(raterRatingsQuerySchema, { rateeId: '3', size: '1' })).toEqual({
      rateeId: 3,
      page: 1,
      size: 1,
    });
    expect(parsed(raterRatingsQuerySchema, {})).toMatchObject({ page: 1 });
    expect(codeOf(raterRatingsQuerySchema, { rateeId: 'x' })).toBe('invalid-type');
  });
});
