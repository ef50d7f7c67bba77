import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  ErrorState,
  PLAN_PERIOD_NAMES_AR,
  PageTitle,
  SegmentedControl,
  Skeleton,
  buttonClasses,
  percentText,
} from '@talaqa/ui';
import {
  PAID_PLAN_PERIODS,
  PlanPeriod,
  Role,
  formatCairoDate,
  planPeriodDiscount,
} from '@talaqa/domain';
import type { PaidPlanPeriod, Plan, PeriodKind, SubscriptionView } from '@talaqa/domain';
import { paths, checkoutPath, paidPeriodOfKind, periodKindOf, registerPath } from '../../paths';
import { useSession } from '../../lib/session';
import { withNext } from '../../lib/destinations';
import { planTitle } from '../../lib/format';
import { CurrentSubscription } from '../payments/CurrentSubscription';
import { useBankInstallmentsOffered, useCurrentSubscription } from '../payments/queries';
import { PlanCard } from './PlanCard';
import { usePlans } from './queries';

const PERIOD_PARAM = 'period';

/** The largest discount any plan gives for the period, for the selector's "up to" badge. */
function bestDiscount(plans: readonly Plan[], period: PaidPlanPeriod): number {
  return Math.max(0, ...plans.map((plan) => planPeriodDiscount(plan, period)));
}

/** A bought (not free-trial) subscription that is running: buying again is refused. */
const blocksBuying = (subscription: SubscriptionView | null | undefined): boolean =>
  !!subscription && subscription.state === 'active' && subscription.period !== PlanPeriod.FreeTrial;

/**
 * /plans: the plans on sale as cards, priced for the chosen period (month, quarter or year; kept
 * in the address as `?period=`). Signed-out visitors subscribe through sign-up (which keeps the
 * chosen checkout as `next`, and links to sign-in for those with an account); a student
 * with a running subscription sees it here instead of buying again.
 */
export default function PlansPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const period = paidPeriodOfKind(params.get(PERIOD_PARAM) ?? undefined) ?? PlanPeriod.Month;
  const plans = usePlans();
  const user = session.user;
  const isStudent = user?.role === Role.Student;
  const subscription = useCurrentSubscription(isStudent);
  const installmentsOffered = useBankInstallmentsOffered();
  const current = isStudent ? subscription.data : null;
  const blocked = blocksBuying(current);
  // Came from "more minutes" (the dashboard, the payments page).
  const wantsMore = params.get('more') === '1';

  const choosePeriod = (kind: PeriodKind) => {
    const next = new URLSearchParams(params);
    next.set(PERIOD_PARAM, kind);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const action = (plan: Plan) => {
    const target = checkoutPath(plan.id, period);
    const label = `اشترك في ${planTitle(plan)} لمدة ${PLAN_PERIOD_NAMES_AR[period]}`;
    if (user && !isStudent) {
      return <p className="text-sm text-muted">الاشتراك في الباقات متاح لحسابات الطلاب.</p>;
    }
    if (blocked && current) {
      if (current.planId === plan.id) return <Badge tone="brand">باقتك الحالية</Badge>;
      // A plan cannot be changed mid-period (the server answers subscription-exists): the
      // card says from when this one can be bought instead of offering a checkout that fails.
      const from = formatCairoDate(new Date(current.endsAt));
      return (
        <p className="text-sm text-muted">
          {plan.weeklyMinutes > current.weeklyMinutes
            ? `دقائق أكثر كل أسبوع؛ تشترك فيها ابتداءً من ${from} بعد انتهاء اشتراكك الحالي.`
            : `متاحة بعد انتهاء اشتراكك الحالي في ${from}.`}
        </p>
      );
    }
    return (
      <Link
        to={user ? target : withNext(registerPath('student'), target)}
        aria-label={label}
        className={buttonClasses({ variant: 'primary', className: 'w-full' })}
      >
        اشترك
      </Link>
    );
  };

  const periodOptions = PAID_PLAN_PERIODS.map((value) => {
    const best = plans.data ? bestDiscount(plans.data, value) : 0;
    return {
      value: periodKindOf(value),
      label: PLAN_PERIOD_NAMES_AR[value],
      badge: best > 0 ? `خصم حتى ${percentText(best)}` : undefined,
    };
  });

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="الباقات">
        <p>
          اختر عدد الدقائق التي تناسبك كل أسبوع، واحجز بها دروسًا فردية مع المعلمين. كلما طالت مدة
          الاشتراك زاد الخصم.
        </p>
      </PageTitle>

      {isStudent && subscription.isError && (
        <Alert
          tone="warning"
          role="alert"
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void subscription.refetch()}
              loading={subscription.isFetching}
            >
              إعادة المحاولة
            </Button>
          }
        >
          تعذّر تحميل اشتراكك الحالي.
        </Alert>
      )}
      {current && <CurrentSubscription subscription={current} showBookLink />}
      {blocked && current && (
        <Alert tone="info" title={wantsMore ? 'تريد دقائق أكثر كل أسبوع؟' : undefined}>
          {wantsMore
            ? `لا يمكن تغيير الباقة في منتصف مدة الاشتراك؛ يبقى اشتراكك الحالي بدقائقه حتى ${formatCairoDate(new Date(current.endsAt))}، وبعدها تشترك في الباقة الأكبر التي تختارها هنا وتبدأ دقائقها من يوم الدفع. `
            : 'لديك اشتراك فعّال بالفعل، ويمكنك الاشتراك في باقة جديدة بعد انتهائه. '}
          تابع مدفوعاتك من{' '}
          <Link to={paths.payments} className="font-semibold underline">
            صفحة المدفوعات
          </Link>
          .
        </Alert>
      )}

      <SegmentedControl
        legend="مدة الاشتراك"
        options={periodOptions}
        value={periodKindOf(period)}
        onChange={choosePeriod}
      />

      {plans.isPending ? (
        <div
          role="status"
          aria-label="جارٍ تحميل الباقات"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {[0, 1, 2].map((index) => (
            <div
              key={index}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-9 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorState
          title="تعذّر تحميل الباقات"
          error={plans.error}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.length === 0 ? (
        <EmptyState
          title="لا توجد باقات متاحة الآن"
          description="نجهّز باقات جديدة قريبًا، من فضلك عُد لاحقًا."
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              action={action(plan)}
              current={blocked && current?.planId === plan.id}
              installmentsOffered={installmentsOffered}
            />
          ))}
        </div>
      )}
    </section>
  );
}
