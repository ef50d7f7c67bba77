import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  PLAN_PERIOD_NAMES_AR,
  ProgressBar,
  SUBSCRIPTION_STATE_NAMES_AR,
  buttonClasses,
  messageForError,
  useToast,
} from '@talaqa/ui';
import {
  PlanPeriod,
  SubscriptionState,
  formatCairoDate,
  formatCairoDateTime,
} from '@talaqa/domain';
import type { SubscriptionView } from '@talaqa/domain';
import { paths } from '../../paths';
import { minutesText, planTitle, weeklyMinutesText } from '../../lib/format';
import { useCancelSubscription } from './queries';

/** The plans page opened for a student who wants more weekly minutes (its `?more=1`). */
export const MORE_MINUTES_PATH = `${paths.plans}?more=1`;

export interface CurrentSubscriptionProps {
  subscription: SubscriptionView;
  /** Offers "cancel the subscription" (with a confirmation). */
  cancellable?: boolean;
  /** Links to booking a lesson (the plans page). */
  showBookLink?: boolean;
  /** Links to the plans for more weekly minutes (not on the plans page itself). */
  showMoreMinutesLink?: boolean;
}

/**
 * The student's subscription: its plan and period, the weekly minutes left this week, when they
 * are restored and when the subscription ends.
 */
export function CurrentSubscription({
  subscription,
  cancellable = false,
  showBookLink = false,
  showMoreMinutesLink = false,
}: CurrentSubscriptionProps) {
  const toast = useToast();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const trial = subscription.period === PlanPeriod.FreeTrial;
  const used = Math.max(0, subscription.weeklyMinutes - subscription.remainingMinutes);
  const active = subscription.state === SubscriptionState.Active;

  return (
    <section
      aria-labelledby="current-subscription-title"
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50/60 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="current-subscription-title" className="text-xl font-bold text-ink">
          اشتراكك الحالي
        </h2>
        <Badge tone={active ? 'success' : 'neutral'}>
          {SUBSCRIPTION_STATE_NAMES_AR[subscription.state]}
        </Badge>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">الباقة</dt>
          <dd className="font-semibold text-ink">
            {trial
              ? `تجربة مجانية: ${minutesText(subscription.weeklyMinutes)} مرة واحدة`
              : `${planTitle(subscription.plan)} (${weeklyMinutesText(subscription.weeklyMinutes)})`}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">المدة</dt>
          <dd className="font-semibold text-ink">{PLAN_PERIOD_NAMES_AR[subscription.period]}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">
            {trial ? 'دقائق التجربة المتبقية' : 'الدقائق المتبقية هذا الأسبوع'}
          </dt>
          <dd className="font-semibold text-ink">
            {minutesText(subscription.remainingMinutes)} من{' '}
            {minutesText(subscription.weeklyMinutes)}
          </dd>
        </div>
        {subscription.nextRenewalAt && !trial && (
          <div>
            <dt className="text-sm text-muted">تتجدد دقائقك الأسبوعية</dt>
            <dd className="font-semibold text-ink">
              {formatCairoDateTime(new Date(subscription.nextRenewalAt))}
            </dd>
          </div>
        )}
        {!trial && (
          <div>
            <dt className="text-sm text-muted">ينتهي الاشتراك</dt>
            <dd className="font-semibold text-ink">
              {formatCairoDate(new Date(subscription.endsAt))}
            </dd>
          </div>
        )}
      </dl>
      <ProgressBar
        label={trial ? 'ما استخدمته من دقائق التجربة' : 'ما استخدمته من دقائق هذا الأسبوع'}
        value={subscription.weeklyMinutes > 0 ? used / subscription.weeklyMinutes : 0}
      />
      {(showBookLink || showMoreMinutesLink || (cancellable && active)) && (
        <div className="flex flex-wrap gap-3">
          {showBookLink && (
            <Link to={paths.tutors} className={buttonClasses({ variant: 'primary' })}>
              احجز درسًا
            </Link>
          )}
          {showMoreMinutesLink && (
            <Link to={MORE_MINUTES_PATH} className={buttonClasses({ variant: 'secondary' })}>
              {trial ? 'اختر باقة' : 'أريد دقائق أكثر'}
            </Link>
          )}
          {cancellable && active && (
            <Button
              variant="secondary"
              onClick={() => {
                cancel.reset();
                setConfirming(true);
              }}
            >
              إلغاء الاشتراك
            </Button>
          )}
        </div>
      )}
      {cancellable && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="إلغاء الاشتراك؟"
          description="لن تتمكن بعد الإلغاء من حجز دروس جديدة بهذا الاشتراك، ولا يمكن التراجع عن الإلغاء."
          confirmLabel="نعم، ألغِ الاشتراك"
          cancelLabel="تراجع"
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.success('تم إلغاء اشتراكك');
              },
            })
          }
        >
          {cancel.isError && (
            <Alert tone="error" role="alert">
              {messageForError(cancel.error)}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
