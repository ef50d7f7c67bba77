import { describe, expect, it } from 'vitest';
import { countedText } from '../src/format';
import type { CountedNoun } from '../src/format';

const REVIEWS: CountedNoun = {
  zero: 'لا توجد تقييمات',
  one: 'تقييم واحد',
  two: 'تقييمان',
  few: 'تقييمات',
  many: 'تقييمًا',
  other: 'تقييم',
};

describe('countedText (Intl.PluralRules ar)', () => {
  it.each([
    [0, 'لا توجد تقييمات'],
    [1, 'تقييم واحد'],
    [2, 'تقييمان'],
    [3, '٣ تقييمات'],
    [10, '١٠ تقييمات'],
    [11, '١١ تقييمًا'],
    [99, '٩٩ تقييمًا'],
    [100, '١٠٠ تقييم'],
    [101, '١٠١ تقييم'],
    [103, '١٠٣ تقييمات'],
    [111, '١١١ تقييمًا'],
    [1000, '١٬٠٠٠ تقييم'],
  ])('%i -> %s', (count, text) => {
    expect(countedText(count, REVIEWS)).toBe(text);
  });

  it('writes the number when a noun has no zero phrase', () => {
    const minutes = {
      one: 'دقيقة واحدة',
      two: 'دقيقتان',
      few: 'دقائق',
      many: 'دقيقة',
      other: 'دقيقة',
    };
    expect(countedText(0, minutes)).toBe('٠ دقيقة');
  });
});
