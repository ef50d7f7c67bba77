import { useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, PageTitle, buttonClasses, formatNumber } from '@talaqa/ui';
import { PlanPeriod } from '@talaqa/domain';
import type { LessonStats, SubscriptionView } from '@talaqa/domain';
import { paths } from '../../paths';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';
import { ChatsSummary } from '../chat/ChatsSummary';
import { useLessonEvents, useLessonStats } from '../lessons/queries';
import { minutesText } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { MORE_MINUTES_PATH } from '../payments/CurrentSubscription';
import { useCurrentSubscription } from '../payments/queries';
import { DashboardLessons, PAST_LESSONS, UPCOMING_LESSONS } from './DashboardLessons';
import { GuidedTour, TourButton, tourTarget, useFirstVisitTour } from './GuidedTour';
import { StudentStreaks } from './StudentStreaks';
import { STUDENT_TOUR_STEPS, STUDENT_TOUR_TARGETS } from './student-tour';
import { OverviewCards } from './OverviewCards';
import type { OverviewItem } from './OverviewCards';
import { CHART_WEEKS, WeeklyMinutesSection } from './WeeklyMinutesChart';

/** The card of the student's weekly minutes: loading, failure, none, or what is left. */
function minutesLeftItem(subscription: ReturnType<typeof useCurrentSubscription>): OverviewItem {
  const label = 'الدقائق المتبقية هذا الأسبوع';
  const tour = STUDENT_TOUR_TARGETS.minutes;
  if (subscription.isPending) return { label, value: null, tour };
  if (subscription.isError) {
    return {
      label,
      value: '—',
      tour,
      hint: (
        <button
          type="button"
          onClick={() => void subscription.refetch()}
          className="font-semibold text-brand-700 underline"
        >
          تعذّر التحميل، أعد المحاولة
        </button>
      ),
    };
  }
  const current: SubscriptionView | null = subscription.data;
  if (!current) {
    return {
      label,
      value: 'لا يوجد اشتراك',
      tour,
      hint: (
        <Link to={paths.plans} className="font-semibold text-brand-700 underline">
          اختر باقة
        </Link>
      ),
    };
  }
  const trial = current.period === PlanPeriod.FreeTrial;
  return {
    label: trial ? 'دقائق التجربة المتبقية' : label,
    value: minutesText(current.remainingMinutes),
    tour,
    hint: (
      <>
        من {minutesText(current.weeklyMinutes)}،{' '}
        <Link to={MORE_MINUTES_PATH} className="font-semibold text-brand-700 underline">
          {trial ? 'اختر باقة' : 'دقائق أكثر'}
        </Link>
      </>
    ),
  };
}

function statsItems(stats: LessonStats | undefined): OverviewItem[] {
  return [
    { label: 'دروس حضرتها', value: stats ? formatNumber(stats.attended.lessons) : null },
    {
      label: 'دروس قادمة',
      value: stats ? formatNumber(stats.upcoming.lessons) : null,
      ...(stats && stats.upcoming.minutes > 0 && { hint: minutesText(stats.upcoming.minutes) }),
    },
    { label: 'دقائق تعلّمتها', value: stats ? minutesText(stats.attended.minutes) : null },
  ];
}

/** /s/dashboard: the student's figures, minutes per week, next and past lessons, and the tour. */
export default function StudentDashboardPage() {
  const user = useCurrentUser();
  const stats = useLessonStats(CHART_WEEKS);
  useLessonEvents();
  const subscription = useCurrentSubscription();
  const tour = useFirstVisitTour('student-dashboard', user.id);
  const tourButton = useRef<HTMLButtonElement>(null);
  const hasNoPlan = subscription.isSuccess && subscription.data === null;

  return (
    <>
      <EmailVerificationBanner />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PageTitle title="لوحة تحكم الطالب">
            <p>أهلًا {user.name}، هذه دروسك ودقائقك في لمحة.</p>
          </PageTitle>
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.tutors}
              className={buttonClasses({ size: 'sm' })}
              {...tourTarget(STUDENT_TOUR_TARGETS.findTutor)}
            >
              تصفّح المعلمين
            </Link>
            <TourButton onClick={tour.start} buttonRef={tourButton} />
          </div>
        </div>

        {/* The next lesson is what a returning student looks for: first, above the figures, and
            on a phone not three screens down. */}
        <DashboardLessons
          title="الدروس القادمة"
          query={UPCOMING_LESSONS}
          actions
          tour={STUDENT_TOUR_TARGETS.upcoming}
          more={{ to: paths.upcomingLessons, label: 'كل الدروس القادمة' }}
          empty={
            <EmptyState
              title="لا توجد دروس قادمة"
              description={
                hasNoPlan
                  ? 'اختر معلمًا واحجز درسك الأول، أو اشترك في باقة لتحصل على دقائق كل أسبوع.'
                  : 'اختر معلمًا واحجز درسك القادم.'
              }
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Link to={paths.tutors} className={buttonClasses()}>
                    تصفّح المعلمين
                  </Link>
                  {hasNoPlan && (
                    <Link to={paths.plans} className={buttonClasses({ variant: 'secondary' })}>
                      اطّلع على الباقات
                    </Link>
                  )}
                </div>
              }
            />
          }
        />

        <section aria-labelledby="student-overview-title" className="flex flex-col gap-3">
          <h2 id="student-overview-title" className="text-xl font-bold text-ink">
            نظرة عامة
          </h2>
          {stats.isError ? (
            <ErrorState
              title="تعذّر تحميل إحصاءات دروسك"
              error={stats.error}
              onRetry={() => void stats.refetch()}
              retrying={stats.isFetching}
            />
          ) : (
            <OverviewCards
              label="نظرة عامة"
              items={[minutesLeftItem(subscription), ...statsItems(stats.data)]}
            />
          )}
        </section>

        {!stats.isError && (
          <WeeklyMinutesSection
            id="student-chart-title"
            heading="دقائق التعلّم أسبوعيًا"
            chartTitle="دقائق التعلّم في آخر ثمانية أسابيع"
            stats={stats.data}
            empty={
              <EmptyState
                title="لا دقائق تعلّم في آخر ثمانية أسابيع"
                description="احضر درسك الأول وسترى هنا دقائقك أسبوعًا بأسبوع."
                action={
                  <Link to={paths.tutors} className={buttonClasses()}>
                    تصفّح المعلمين
                  </Link>
                }
              />
            }
          />
        )}

        <StudentStreaks />

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          <DashboardLessons
            title="الدروس السابقة"
            query={PAST_LESSONS}
            actions={false}
            tour={STUDENT_TOUR_TARGETS.past}
            more={{ to: paths.lessonsSchedule, label: 'جدول الدروس' }}
            empty={
              <EmptyState title="لم تحضر أي درس بعد" description="بعد أن تحضر درسًا سيظهر هنا." />
            }
          />
          <ChatsSummary />
        </div>
      </div>
      <GuidedTour
        label="جولة تعريفية"
        steps={STUDENT_TOUR_STEPS}
        open={tour.open}
        onClose={tour.close}
        returnFocusTo={tourButton}
      />
    </>
  );
}
