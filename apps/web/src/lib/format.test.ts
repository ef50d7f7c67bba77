import { describe, expect, it } from 'vitest';
import { hoursText, minutesText, reviewsText } from './format';

describe('counted nouns of the screens', () => {
  it('counts reviews in every Arabic plural form', () => {
    expect([0, 1, 2, 3, 11, 100].map(reviewsText)).toEqual([
      'لا توجد تقييمات بعد',
      'تقييم واحد',
      'تقييمان',
      '٣ تقييمات',
      '١١ تقييمًا',
      '١٠٠ تقييم',
    ]);
  });

  it('counts minutes and hours', () => {
    expect([1, 2, 5, 15, 60, 100, 120].map(minutesText)).toEqual([
      'دقيقة واحدة',
      'دقيقتان',
      '٥ دقائق',
      '١٥ دقيقة',
      '٦٠ دقيقة',
      '١٠٠ دقيقة',
      '١٢٠ دقيقة',
    ]);
    expect(hoursText(230)).toBe('٣ ساعات و٥٠ دقيقة');
    expect(hoursText(120)).toBe('ساعتان');
  });
});
