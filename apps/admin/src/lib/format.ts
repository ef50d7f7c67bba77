/**
 * Words and dates of the admin screens: plan names and periods, dates in Cairo. Numbers are
 * written with `formatNumber` / `percentText` of @talaqa/ui.
 */
import { formatInCairo, LOCALE, PAID_PLAN_PERIODS, planNameOfWeeklyMinutes } from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import { formatNumber, PLAN_NAMES_AR, PLAN_PERIOD_NAMES_AR } from '@talaqa/ui';

/** "١٢٠ دقيقة أسبوعيًا" */
export const weeklyMinutesText = (minutes: number): string =>
  `${formatNumber(minutes)} دقيقة أسبوعيًا`;

/**
 * A plan's title: the plans page's name for the three named plans (by their weekly minutes),
 * else "باقة ٩٠ دقيقة" for one an admin made with other minutes.
 */
export function planTitle(plan: Pick<Plan, 'weeklyMinutes'>): string {
  const name = planNameOfWeeklyMinutes(plan.weeklyMinutes);
  return name === null ? `باقة ${formatNumber(plan.weeklyMinutes)} دقيقة` : PLAN_NAMES_AR[name];
}

/** A plan in one line, for choosers: "المتقدمة (١٢٠ دقيقة أسبوعيًا)". */
export const planSummaryText = (plan: Pick<Plan, 'weeklyMinutes'>): string =>
  `${planTitle(plan)} (${weeklyMinutesText(plan.weeklyMinutes)})`;

/** The paid periods with their Arabic names, in the plans page's order. */
export const PERIOD_CHOICES: readonly { period: PaidPlanPeriod; label: string }[] =
  PAID_PLAN_PERIODS.map((period) => ({ period, label: PLAN_PERIOD_NAMES_AR[period] }));

/** "٢٧ أبريل ٢٠٢٤": a date in Cairo, for ar-EG readers; an empty string for a bad value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatInCairo(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "٢٧ أبريل ٢٠٢٤، ٩:٠٠ م": a date and time in Cairo. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatInCairo(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

const sizeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const SIZE_UNITS = ['بايت', 'كيلوبايت', 'ميجابايت', 'جيجابايت'] as const;

/** "٨٠ بايت", "١٫٥ كيلوبايت", "٢٫٣ ميجابايت": a file size in Arabic units (1024 to the next). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat.format(value)} ${SIZE_UNITS[unit]}`;
}
