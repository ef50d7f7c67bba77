import type { ReactNode } from 'react';
import { PlanPeriod, SubscriptionState } from '@talaqa/domain';
import type { SubscriptionView } from '@talaqa/domain';
import {
  Badge,
  ErrorState,
  PLAN_PERIOD_NAMES_AR,
  ProgressBar,
  SUBSCRIPTION_STATE_NAMES_AR,
  SkeletonRows,
  formatId,
  formatNumber,
} from '@talaqa/ui';
import { formatDate, formatDateTime, planTitle, weeklyMinutesText } from '../../lib/format';
import { useUserSubscription } from './queries';

const minutes = (count: number): string => `${formatNumber(count)} دقيقة`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** One subscription: plan, period, this Cairo week's minutes, its dates and its state. */
function SubscriptionDetails({ subscription }: { subscription: SubscriptionView }) {
  const trial = subscription.period === PlanPeriod.FreeTrial;
  const active = subscription.state === SubscriptionState.Active;
  const used = Math.min(subscription.consumedMinutes, subscription.weeklyMinutes);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={active ? 'success' : 'neutral'}>
          {SUBSCRIPTION_STATE_NAMES_AR[subscription.state]}
        </Badge>
        <span className="text-sm text-muted">اشتراك رقم {formatId(subscription.id)}</span>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label="الباقة">
          {trial
            ? `تجربة مجانية (${minutes(subscription.weeklyMinutes)} مرة واحدة)`
            : `${planTitle(subscription.plan)} (${weeklyMinutesText(subscription.weeklyMinutes)})`}
        </Detail>
        <Detail label="المدة">{PLAN_PERIOD_NAMES_AR[subscription.period]}</Detail>
        <Detail label={trial ? 'المستخدم من التجربة' : 'المستخدم هذا الأسبوع'}>
          {minutes(subscription.consumedMinutes)}
        </Detail>
        <Detail label={trial ? 'المتبقي من التجربة' : 'المتبقي هذا الأسبوع'}>
          {minutes(subscription.remainingMinutes)}
        </Detail>
        <Detail label="بدأ في">{formatDate(subscription.startsAt)}</Detail>
        {subscription.canceledAt ? (
          <Detail label="أُلغي في">{formatDateTime(subscription.canceledAt)}</Detail>
        ) : (
          // The free trial's end (the spec's 1200 months) says nothing: it ends with its minutes.
          !trial && (
            <Detail label={active ? 'ينتهي في' : 'انتهى في'}>
              {formatDate(subscription.endsAt)}
            </Detail>
          )
        )}
        {subscription.nextRenewalAt && !trial && (
          <Detail label="تتجدد الدقائق الأسبوعية">
            {formatDateTime(subscription.nextRenewalAt)}
          </Detail>
        )}
      </dl>
      {active && (
        <ProgressBar
          label={trial ? 'ما استُخدم من دقائق التجربة' : 'ما استُخدم من دقائق هذا الأسبوع'}
          value={subscription.weeklyMinutes > 0 ? used / subscription.weeklyMinutes : 0}
        />
      )}
    </div>
  );
}

/**
 * A section of `/user/:id` for a student (issue 23 item 2; decision 346): their newest
 * subscription, live or not, with the weekly minutes used and left this Cairo week.
 */
export function UserSubscription({ userId }: { userId: number }) {
  const query = useUserSubscription(userId);
  const latest = query.data?.list[0];

  let body;
  if (query.isPending) body = <SkeletonRows rows={2} rowClassName="h-10 w-full" />;
  else if (query.isError) {
    body = (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!latest) {
    body = (
      <p className="text-sm text-muted">لا اشتراك لهذا الطالب، ولم تبدأ تجربته المجانية بعد.</p>
    );
  } else {
    body = <SubscriptionDetails subscription={latest} />;
  }

  const heading =
    latest && latest.state !== SubscriptionState.Active ? 'آخر اشتراك' : 'الاشتراك الحالي';
  return (
    <section
      aria-labelledby="user-subscription-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="user-subscription-heading" className="text-lg font-bold text-ink">
        {heading}
      </h2>
      {body}
    </section>
  );
}
