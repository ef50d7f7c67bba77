import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  LOCALE,
  PAID_PLAN_PERIODS,
  PERIOD_KIND_OF,
  PlanPeriod,
  formatMoney,
  planNameOfWeeklyMinutes,
  planPeriodDiscount,
  pricePlanPurchase,
} from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import {
  EmptyState,
  ErrorState,
  PLAN_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  PageTitle,
  Skeleton,
  buttonClasses,
  cx,
} from '@talaqa/ui';
import { getPublicPlans } from '../../api';
import { webCheckoutSignUpUrl } from '../../paths';

const num = (value: number): string => new Intl.NumberFormat(LOCALE).format(value);
const percent = (value: number): string =>
  new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

export const pricingKeys = { plans: ['public-plans'] as const };

/** The plans on sale to everyone, fewest minutes first. */
function usePublicPlans() {
  return useQuery({
    queryKey: pricingKeys.plans,
    queryFn: ({ signal }) => getPublicPlans(signal),
    select: (plans) =>
      plans
        .filter((plan) => plan.active && !plan.forInvitesOnly)
        .sort((a, b) => a.weeklyMinutes - b.weeklyMinutes || a.id - b.id),
  });
}

const planTitle = (plan: Plan): string => {
  const name = planNameOfWeeklyMinutes(plan.weeklyMinutes);
  return name === null ? `باقة ${num(plan.weeklyMinutes)} دقيقة` : PLAN_NAMES_AR[name];
};

/** The period choice: native radio buttons drawn as one segmented control. */
function PeriodSelector({
  value,
  onChange,
}: {
  value: PaidPlanPeriod;
  onChange: (period: PaidPlanPeriod) => void;
}) {
  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="mb-2 w-full text-center font-semibold text-ink">مدة الاشتراك</legend>
      <div className="inline-flex flex-wrap justify-center gap-1 rounded-2xl bg-slate-100 p-1">
        {PAID_PLAN_PERIODS.map((period) => (
          <label
            key={period}
            className={cx(
              'relative inline-flex min-h-11 cursor-pointer items-center rounded-xl px-4 font-semibold',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              period === value ? 'bg-white text-brand-800 shadow-sm' : 'text-muted hover:text-ink',
            )}
          >
            <input
              type="radio"
              name="period"
              value={period}
              checked={period === value}
              onChange={() => onChange(period)}
              className="sr-only"
            />
            {PLAN_PERIOD_NAMES_AR[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: PaidPlanPeriod }) {
  const price = pricePlanPurchase({ plan, period });
  const discount = planPeriodDiscount(plan, period);
  const headingId = `pricing-plan-${plan.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <header className="flex flex-col gap-1">
          <h2 id={headingId} className="text-xl font-bold text-brand-800">
            {planTitle(plan)}
          </h2>
          <p className="text-muted">{num(plan.weeklyMinutes)} دقيقة أسبوعيًا</p>
        </header>
        <div className="flex flex-col gap-1">
          <p className="text-3xl font-bold text-ink">{formatMoney(price.total)}</p>
          <p className="text-sm text-muted">لمدة {PLAN_PERIOD_NAMES_AR[period]}</p>
          {price.periodDiscount > 0 && (
            <p className="text-sm">
              <span className="sr-only">السعر قبل الخصم: </span>
              <s className="text-muted">{formatMoney(price.listPrice)}</s>{' '}
              <span className="font-semibold text-emerald-800">وفّر {percent(discount)}</span>
            </p>
          )}
          {period !== PlanPeriod.Month && (
            <p className="text-sm text-muted">أي نحو {formatMoney(price.perMonth)} في الشهر</p>
          )}
        </div>
        <ul className="flex flex-col gap-1 text-sm text-ink">
          <li>دروس فردية مباشرة بالفيديو</li>
          <li>تتجدد دقائقك كل أسبوع</li>
          <li>الدفع بالبطاقة أو المحفظة الإلكترونية أو فوري</li>
        </ul>
        <a
          href={webCheckoutSignUpUrl(plan.id, PERIOD_KIND_OF[period])}
          aria-label={`ابدأ الآن مع ${planTitle(plan)}`}
          className={cx(buttonClasses({ size: 'lg' }), 'mt-auto')}
        >
          ابدأ الآن
        </a>
      </article>
    </li>
  );
}

function PlansSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-4 md:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <li key={card} className="flex flex-col gap-4 rounded-2xl bg-white p-6">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-12 w-full" />
        </li>
      ))}
    </ul>
  );
}

/**
 * `/pricing`: the plans as the app's plans page sells them (GET /plan/list, no sign-in), priced
 * for the chosen period by the same `pricePlanPurchase` the checkout uses. Without the API it
 * says so and offers a retry; it never shows prices it did not get.
 */
export default function PricingPage() {
  const [period, setPeriod] = useState<PaidPlanPeriod>(PlanPeriod.Month);
  const plans = usePublicPlans();

  let body;
  if (plans.isPending) {
    body = (
      <>
        <p className="sr-only" role="status">
          جارٍ تحميل الباقات
        </p>
        <PlansSkeleton />
      </>
    );
  } else if (plans.isError) {
    body = (
      <ErrorState
        title="تعذّر تحميل الباقات"
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  } else if (plans.data.length === 0) {
    body = (
      <EmptyState
        title="لا توجد باقات متاحة الآن"
        description="نجهّز باقات جديدة، فمن فضلك عُد إلينا قريبًا."
      />
    );
  } else {
    body = (
      <ul aria-label="الباقات" className="grid gap-4 md:grid-cols-3">
        {plans.data.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageTitle title="الأسعار والباقات">
        <p>
          باقات بعدد دقائق أسبوعي يتجدد كل أسبوع، تشترك فيها شهريًا أو كل ثلاثة أشهر أو سنويًا،
          والأسعار بالجنيه المصري.
        </p>
      </PageTitle>
      <PeriodSelector value={period} onChange={setPeriod} />
      {body}
    </section>
  );
}
