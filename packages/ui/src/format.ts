/**
 * Numbers on screen, for ar-EG readers (Arabic-Indic digits): the one formatter the apps and
 * these components share. Money has its own, `formatMoney` in @talaqa/domain.
 */
import { LOCALE } from '@talaqa/domain';

const numberFormat = new Intl.NumberFormat(LOCALE);
const idFormat = new Intl.NumberFormat(LOCALE, { useGrouping: false });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 });

/** "١٬١٢٠" for 1120. */
export const formatNumber = (value: number): string => numberFormat.format(value);

/** "١٥٢٣" for 1523: a transaction or invoice number, in Arabic-Indic digits without grouping. */
export const formatId = (value: number): string => idFormat.format(value);

/** "١٠٪" for 10 (whole percents, as plans and coupons store them). */
export const percentText = (value: number): string => percentFormat.format(value / 100);

const pluralRules = new Intl.PluralRules(LOCALE);

/**
 * An Arabic counted noun in each form `Intl.PluralRules('ar')` selects. `one` and `two` are whole
 * phrases (Arabic says "تقييم واحد", "تقييمان" without a digit); `few`, `many` and `other` are the
 * noun written after the number: `few` for 3-10 ("تقييمات"), `many` for 11-99 ("تقييمًا", the
 * accusative), `other` for 100, 1000 and fractions ("تقييم"). `zero`, when given, replaces "٠ …".
 */
export interface CountedNoun {
  zero?: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

/** "تقييم واحد", "تقييمان", "٣ تقييمات", "١١ تقييمًا", "١٠٠ تقييم": a count with its noun. */
export function countedText(count: number, noun: CountedNoun): string {
  const form = pluralRules.select(count);
  if (form === 'zero' && noun.zero !== undefined) return noun.zero;
  if (form === 'one') return noun.one;
  if (form === 'two') return noun.two;
  const word = form === 'few' ? noun.few : form === 'many' ? noun.many : noun.other;
  return `${formatNumber(count)} ${word}`;
}
