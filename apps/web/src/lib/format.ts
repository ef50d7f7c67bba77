/**
 * Words of the screens: Arabic counted nouns (minutes, hours, reviews, installments) and plan
 * names.
 * Numbers are written with `formatNumber` of @talaqa/ui, money with the domain's `formatMoney`
 * (ar-EG, EGP).
 */
import { planNameOfWeeklyMinutes } from '@talaqa/domain';
import type { Plan } from '@talaqa/domain';
import { countedText, formatNumber, PLAN_NAMES_AR } from '@talaqa/ui';
import type { CountedNoun } from '@talaqa/ui';

export { yearText } from './year';

const MINUTES: CountedNoun = {
  one: 'دقيقة واحدة',
  two: 'دقيقتان',
  few: 'دقائق',
  many: 'دقيقة',
  other: 'دقيقة',
};
const HOURS: CountedNoun = {
  one: 'ساعة واحدة',
  two: 'ساعتان',
  few: 'ساعات',
  many: 'ساعة',
  other: 'ساعة',
};
const REVIEWS: CountedNoun = {
  zero: 'لا توجد تقييمات بعد',
  one: 'تقييم واحد',
  two: 'تقييمان',
  few: 'تقييمات',
  many: 'تقييمًا',
  other: 'تقييم',
};

/** A number with its noun in the right Arabic form (`Intl.PluralRules('ar')`). */
export const counted = countedText;

/** "تقييم واحد", "٣ تقييمات", "١١ تقييمًا", "١٠٠ تقييم". */
export const reviewsText = (count: number): string => counted(count, REVIEWS);

/** "٦٠ دقيقة", "دقيقتان", "٥ دقائق". */
export const minutesText = (minutes: number): string => counted(minutes, MINUTES);

/** "ساعة واحدة", "ساعتان", "٣ ساعات و٥٠ دقيقة", "٤٥ دقيقة". */
export function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return minutesText(rest);
  if (rest === 0) return counted(hours, HOURS);
  return `${counted(hours, HOURS)} و${minutesText(rest)}`;
}

/** "٦٠ دقيقة أسبوعيًا". */
export const weeklyMinutesText = (minutes: number): string => `${minutesText(minutes)} أسبوعيًا`;

/** The plan's Arabic name: one of the three named plans, else by its weekly minutes. */
export function planTitle(plan: Pick<Plan, 'weeklyMinutes'>): string {
  const name = planNameOfWeeklyMinutes(plan.weeklyMinutes);
  return name ? PLAN_NAMES_AR[name] : `باقة ${weeklyMinutesText(plan.weeklyMinutes)}`;
}

/** "دفعتين", "٣ أو ٤ دفعات". */
export function installmentCountsText(counts: readonly number[]): string {
  if (counts.length === 1 && counts[0] === 2) return 'دفعتين';
  return `${counts.map(formatNumber).join(' أو ')} دفعات`;
}

/** "دفعتان", "٣ دفعات": one choice of bank installments. */
export const installmentCountText = (count: number): string =>
  counted(count, {
    one: 'دفعة واحدة',
    two: 'دفعتان',
    few: 'دفعات',
    many: 'دفعة',
    other: 'دفعة',
  });
