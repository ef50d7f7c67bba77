import { useId } from 'react';
import type { ReactNode } from 'react';
import { PLAN_PERIOD_NAMES_AR, percentText } from '@talaqa/ui';
import {
  PlanPeriod,
  formatMoney,
  installmentOptions,
  planPeriodDiscount,
  pricePlanPurchase,
} from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import { hoursText, installmentCountsText, planTitle, weeklyMinutesText } from '../../lib/format';

export interface PlanCardProps {
  plan: Plan;
  period: PaidPlanPeriod;
  /** The subscribe link, or a note where subscribing is not possible. */
  action: ReactNode;
  /** Marks the plan the student is subscribed to. */
  current?: boolean;
  /** Whether the server offers bank installments at all (GET /fawry/payment-methods). */
  installmentsOffered?: boolean;
}

/**
 * One plan for one period: the price the checkout will charge (`pricePlanPurchase`, the function
 * the server uses), the list price it replaces, the price per month and the saving against paying
 * month by month, the weekly minutes and the bank installments on offer.
 */
export function PlanCard({
  plan,
  period,
  action,
  current = false,
  installmentsOffered = false,
}: PlanCardProps) {
  const titleId = useId();
  const price = pricePlanPurchase({ plan, period });
  const monthly = pricePlanPurchase({ plan, period: PlanPeriod.Month });
  const saving = monthly.total * price.months - price.total;
  const discount = planPeriodDiscount(plan, period);
  const installments = installmentsOffered ? installmentOptions(plan, period) : [];

  return (
    <article
      aria-labelledby={titleId}
      className={
        current
          ? 'flex flex-col gap-4 rounded-2xl border-2 border-brand-600 bg-white p-5 shadow-sm'
          : 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'
      }
    >
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {planTitle(plan)}
        </h2>
        <p className="text-muted">
          {weeklyMinutesText(plan.weeklyMinutes)} ({hoursText(plan.weeklyMinutes)})
        </p>
      </header>

      <div className="flex flex-col gap-1" data-testid="plan-price">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold text-ink" data-price="total">
            {formatMoney(price.total)}
          </span>
          <span className="text-muted">لمدة {PLAN_PERIOD_NAMES_AR[period]}</span>
        </p>
        {price.periodDiscount > 0 && (
          <p className="text-sm text-muted">
            <span className="sr-only">بدلًا من </span>
            <s data-price="list">{formatMoney(price.listPrice)}</s>
            <span className="ms-2 font-semibold text-emerald-800">خصم {percentText(discount)}</span>
          </p>
        )}
        {period !== PlanPeriod.Month && (
          <p className="text-sm text-ink" data-price="per-month">
            أي {formatMoney(price.perMonth)} شهريًا
          </p>
        )}
        {saving > 0 && (
          <p className="text-sm font-semibold text-emerald-800" data-price="saving">
            توفّر {formatMoney(saving)} مقارنة بالاشتراك الشهري
          </p>
        )}
      </div>

      <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-ink">
        <li>تتجدد دقائقك الأسبوعية كل أسبوع طوال مدة الاشتراك</li>
        <li>دروس فردية مع معلمين تختارهم بنفسك</li>
        {installments.length > 0 && (
          <li data-testid="installments">
            متاح التقسيط البنكي على {installmentCountsText(installments)}
          </li>
        )}
      </ul>

      <div className="mt-auto">{action}</div>
    </article>
  );
}
