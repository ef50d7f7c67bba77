import type { ReactNode } from 'react';
import { PLAN_PERIOD_NAMES_AR, percentText } from '@talaqa/ui';
import { formatMoney } from '@talaqa/domain';
import type { Coupon, PaidPlanPeriod, Plan, PlanPurchasePrice } from '@talaqa/domain';
import { hoursText, planTitle, weeklyMinutesText } from '../../lib/format';

export interface OrderSummaryProps {
  plan: Plan;
  period: PaidPlanPeriod;
  /** `pricePlanPurchase` of this plan, period and coupon: what the server will charge. */
  price: PlanPurchasePrice;
  coupon: Coupon | null;
  /** The coupon field, under the amounts. */
  children?: ReactNode;
}

/** A discount as a negative amount ("-٤٬٨٠٠ ج.م."), laid out by Intl for right-to-left text. */
const discountText = (piasters: number): string =>
  piasters === 0 ? formatMoney(0) : formatMoney(-piasters);

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={
        strong
          ? 'flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-ink'
          : 'flex items-baseline justify-between gap-4 text-ink'
      }
    >
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd data-testid={testId} className="text-end">
        {value}
      </dd>
    </div>
  );
}

/** The plan, the period and every amount of the purchase, down to the total. */
export function OrderSummary({ plan, period, price, coupon, children }: OrderSummaryProps) {
  return (
    <section
      aria-labelledby="order-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="order-summary-title" className="text-xl font-bold text-ink">
        ملخص الطلب
      </h2>
      <dl className="flex flex-col gap-2">
        <Row label="الباقة" value={planTitle(plan)} />
        <Row label="مدة الاشتراك" value={PLAN_PERIOD_NAMES_AR[period]} />
        <Row
          label="الدقائق الأسبوعية"
          value={`${weeklyMinutesText(plan.weeklyMinutes)} (${hoursText(plan.weeklyMinutes)})`}
        />
        <Row label="السعر الأساسي" value={formatMoney(price.listPrice)} testId="list-price" />
        {price.periodDiscount > 0 && (
          <Row
            label="خصم مدة الاشتراك"
            value={discountText(price.periodDiscount)}
            testId="period-discount"
          />
        )}
        {coupon && (
          <Row
            label={`خصم الكود ${coupon.code} (${percentText(coupon.discount)})`}
            value={discountText(price.couponDiscount)}
            testId="coupon-discount"
          />
        )}
        <Row label="الإجمالي" value={formatMoney(price.total)} strong testId="total" />
      </dl>
      {children}
    </section>
  );
}
