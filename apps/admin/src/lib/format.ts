import { LOCALE, PAID_PLAN_PERIODS, planNameOfWeeklyMinutes } from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import { PLAN_NAMES_AR, PLAN_PERIOD_NAMES_AR } from '@talaqa/ui';

/** A number the way an ar-EG reader expects it (١٬١٠٠). */
export const num = (value: number): string => new Intl.NumberFormat(LOCALE).format(value);

/** "٢٠٪" */
export const percent = (value: number): string =>
  new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

/** "١٢٠ دقيقة أسبوعيًا" */
export const weeklyMinutesText = (minutes: number): string => `${num(minutes)} دقيقة أسبوعيًا`;

/**
 * A plan's title: the plans page's name for the three named plans (by their weekly minutes),
 * else "باقة ٩٠ دقيقة" for one an admin made with other minutes.
 */
export function planTitle(plan: Pick<Plan, 'weeklyMinutes'>): string {
  const name = planNameOfWeeklyMinutes(plan.weeklyMinutes);
  return name === null ? `باقة ${num(plan.weeklyMinutes)} دقيقة` : PLAN_NAMES_AR[name];
}

/** A plan in one line, for choosers: "المتقدمة (١٢٠ دقيقة أسبوعيًا)". */
export const planSummaryText = (plan: Pick<Plan, 'weeklyMinutes'>): string =>
  `${planTitle(plan)} (${weeklyMinutesText(plan.weeklyMinutes)})`;

/** The paid periods with their Arabic names, in the plans page's order. */
export const PERIOD_CHOICES: readonly { period: PaidPlanPeriod; label: string }[] =
  PAID_PLAN_PERIODS.map((period) => ({ period, label: PLAN_PERIOD_NAMES_AR[period] }));
