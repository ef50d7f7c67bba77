import { z } from 'zod';
import { RatingStars } from '../enums';
import { boundedInteger, boundedText, optionalText } from './blocks';

export const RATING_MIN = RatingStars.Bad;
export const RATING_MAX = RatingStars.Excellent;
export const RATING_TEXT_MIN_LENGTH = 5;
export const RATING_TEXT_MAX_LENGTH = 500;

export const ratingValueSchema = boundedInteger(
  RATING_MIN,
  RATING_MAX,
  'rating-value-too-low',
  'rating-value-too-high',
);

export const ratingTextSchema = boundedText({
  min: RATING_TEXT_MIN_LENGTH,
  max: RATING_TEXT_MAX_LENGTH,
  tooShort: 'rating-text-too-short',
  tooLong: 'rating-text-too-long',
});

/** Stars are required; the written review is optional. */
export const ratingSchema = z.object({
  value: ratingValueSchema,
  text: optionalText(ratingTextSchema),
});
