/**
 * Words and numbers of the plans, checkout, payments and invoices screens: Arabic counted nouns,
 * plan names, the period in the checkout address. (The money answers are read through their
 * contracts; the checks left below serve screens whose endpoints have none yet.) Money is formatted with the domain's `formatMoney` (ar-EG, EGP).
 */
import { generatePath } from 'react-router';
import {
  LOCALE,
  PAID_PLAN_PERIODS,
  PERIOD_KIND_OF,
  PlanPeriod,
  planNameOfWeeklyMinutes,
} from '@talaqa/domain';
import type { PaidPlanPeriod, Page, PeriodKind, Plan } from '@talaqa/domain';
import { PLAN_NAMES_AR } from '@talaqa/ui';
import { paths } from '../../paths';

const numberFormat = new Intl.NumberFormat(LOCALE);

/** "١٢٠" */
export const formatNumber = (value: number): string => numberFormat.format(value);

const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 });

/** "١٠٪" for 10 (whole percents, as plans and coupons store them). */
export const percentText = (value: number): string => percentFormat.format(value / 100);

interface CountedNoun {
  /** 1: "دقيقة واحدة" */
  one: string;
  /** 2: "دقيقتان" */
  two: string;
  /** 3-10 (and x03-x10): "٣ دقائق" */
  few: string;
  /** 11 and above: "٦٠ دقيقة" */
  many: string;
}

/** A number with its noun in the right Arabic form. */
export function counted(count: number, noun: CountedNoun): string {
  if (count === 1) return noun.one;
  if (count === 2) return noun.two;
  const lastTwo = count % 100;
  return `${formatNumber(count)} ${lastTwo >= 3 && lastTwo <= 10 ? noun.few : noun.many}`;
}

const MINUTES: CountedNoun = { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة' };
const HOURS: CountedNoun = { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة' };

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
  counted(count, { one: 'دفعة واحدة', two: 'دفعتان', few: 'دفعات', many: 'دفعة' });

// ---------------------------------------------------------------------------------------------
// The checkout address: /checkout/{planId}/{period}, the period as a word (month, quarter, year)

/** The paid period named by the address's word, or null (the free trial is never bought). */
export function paidPeriodOfKind(kind: string | undefined): PaidPlanPeriod | null {
  return PAID_PLAN_PERIODS.find((period) => PERIOD_KIND_OF[period] === kind) ?? null;
}

export const periodKindOf = (period: PaidPlanPeriod): PeriodKind => PERIOD_KIND_OF[period];

/** "/checkout/2/quarter" */
export const checkoutPath = (planId: number, period: PaidPlanPeriod): string =>
  generatePath(paths.checkout, { planId: String(planId), period: periodKindOf(period) });

/** "/checkout/2/quarter?tx=15": the result of one payment of that purchase. */
export const checkoutResultPath = (
  planId: number,
  period: PaidPlanPeriod,
  transactionId: number,
): string => `${checkoutPath(planId, period)}?tx=${transactionId}`;

export const isPaidPeriod = (period: PlanPeriod | null): period is PaidPlanPeriod =>
  period !== null && period !== PlanPeriod.FreeTrial;

// ---------------------------------------------------------------------------------------------
// Answers of endpoints without a contract yet (tutors, lessons, schedules): a malformed one
// becomes an error state, never a broken page.

/** Thrown for an answer that does not have the contract's shape (shown as "unexpected"). */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
  constructor(what: string) {
    super(`Unexpected answer from the server: ${what}`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

export function expectPage<T>(value: unknown, item: (entry: unknown) => T): Page<T> {
  if (!isRecord(value) || !Array.isArray(value.list) || !isWhole(value.total)) {
    throw new UnexpectedAnswerError('page');
  }
  return { list: value.list.map(item), total: value.total };
}
