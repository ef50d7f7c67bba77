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
  PLAN_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  PageTitle,
  buttonClasses,
  cx,
} from '@talaqa/ui';
import { useLiveData } from '../../site/live-data';
import { appLink, paths, webCheckoutSignUpUrl } from '../../paths';

const num = (value: number): string => new Intl.NumberFormat(LOCALE).format(value);
const percent = (value: number): string =>
  new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

/** The plans on sale to everyone, fewest minutes first. */
export const plansOnSale = (plans: readonly Plan[]): Plan[] =>
  plans
    .filter((plan) => plan.active && !plan.forInvitesOnly)
    .sort((a, b) => a.weeklyMinutes - b.weeklyMinutes || a.id - b.id);

export const planTitle = (plan: Plan): string => {
  const name = planNameOfWeeklyMinutes(plan.weeklyMinutes);
  return name === null ? `باقة ${num(plan.weeklyMinutes)} دقيقة` : PLAN_NAMES_AR[name];
};

/** `month`, `quarter` or `year`: the word the period choice and the prices share. */
const kindOf = (period: PaidPlanPeriod): string => PERIOD_KIND_OF[period];

/**
 * The period choice: native radio buttons drawn as one segmented control. The prices of every
 * period are in the page and styles.css shows those of the checked one (`:has()`), so switching
 * needs no script at all (record 355).
 */
function PeriodSelector() {
  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="mb-2 w-full text-center font-semibold text-ink">مدة الاشتراك</legend>
      <div className="inline-flex flex-wrap justify-center gap-1 rounded-2xl bg-slate-100 p-1">
        {PAID_PLAN_PERIODS.map((period) => (
          <label
            key={period}
            className={cx(
              'relative inline-flex min-h-11 cursor-pointer items-center rounded-xl px-4 font-semibold text-muted hover:text-ink',
              'has-[:checked]:bg-white has-[:checked]:text-brand-800 has-[:checked]:shadow-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input
              type="radio"
              name="period"
              value={kindOf(period)}
              defaultChecked={period === PlanPeriod.Month}
              className="sr-only"
            />
            {PLAN_PERIOD_NAMES_AR[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PeriodPrice({ plan, period }: { plan: Plan; period: PaidPlanPeriod }) {
  const price = pricePlanPurchase({ plan, period });
  const discount = planPeriodDiscount(plan, period);
  return (
    <div data-period={kindOf(period)} className="flex flex-col gap-1">
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
  );
}

function PlanCard({ plan }: { plan: Plan }) {
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
        {PAID_PLAN_PERIODS.map((period) => (
          <PeriodPrice key={period} plan={plan} period={period} />
        ))}
        <ul className="flex flex-col gap-1 text-sm text-ink">
          <li>دروس فردية مباشرة بالفيديو</li>
          <li>تتجدد دقائقك كل أسبوع</li>
          <li>الدفع بالبطاقة أو المحفظة الإلكترونية أو فوري</li>
        </ul>
        {PAID_PLAN_PERIODS.map((period) => (
          <a
            key={period}
            data-period={kindOf(period)}
            {...appLink(webCheckoutSignUpUrl(plan.id, kindOf(period)))}
            aria-label={`ابدأ الآن مع ${planTitle(plan)} لمدة ${PLAN_PERIOD_NAMES_AR[period]}`}
            className={cx(buttonClasses({ size: 'lg' }), 'mt-auto')}
          >
            ابدأ الآن
          </a>
        ))}
      </article>
    </li>
  );
}

/** When the database did not answer: no price at all rather than a price we are not sure of. */
function PlansUnavailable() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center"
    >
      <p className="text-lg font-semibold text-ink">تعذّر عرض الباقات الآن</p>
      <p className="text-muted">نعمل على إصلاح ذلك. أعد تحميل الصفحة بعد قليل.</p>
      <a href={paths.pricing} className={buttonClasses({ variant: 'secondary' })}>
        أعد تحميل الصفحة
      </a>
    </div>
  );
}

/**
 * `/pricing`: the plans as the app's plans page sells them, priced for each period by the same
 * `pricePlanPurchase` the checkout uses. The server renders it again from the database whenever
 * the plans change (record 355); it never shows prices it did not get.
 */
export default function PricingPage() {
  const { plans } = useLiveData();
  const onSale = plans ? plansOnSale(plans) : undefined;

  let body;
  if (!onSale) body = <PlansUnavailable />;
  else if (onSale.length === 0) {
    body = (
      <EmptyState
        title="لا توجد باقات متاحة الآن"
        description="نجهّز باقات جديدة، فمن فضلك عُد إلينا قريبًا."
      />
    );
  } else {
    body = (
      <ul aria-label="الباقات" className="grid gap-4 md:grid-cols-3">
        {onSale.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
    );
  }

  return (
    <section className="pricing mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageTitle title="الأسعار والباقات">
        <p>
          باقات بعدد دقائق أسبوعي يتجدد كل أسبوع، تشترك فيها شهريًا أو كل ثلاثة أشهر أو سنويًا،
          والأسعار بالجنيه المصري.
        </p>
      </PageTitle>
      {onSale && onSale.length > 0 && <PeriodSelector />}
      {body}
    </section>
  );
}
