import { Link } from 'react-router';
import { EmptyState, ErrorState, PageTitle, buttonClasses, formatNumber } from '@talaqa/ui';
import type { LessonStats } from '@talaqa/domain';
import { paths } from '../../paths';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';
import { ProfileVisibility } from '../account/ProfileVisibility';
import { useLessonEvents, useLessonStats } from '../lessons/queries';
import { minutesText } from '../../lib/format';
import { DashboardLessons, PAST_LESSONS, UPCOMING_LESSONS } from './DashboardLessons';
import { OverviewCards } from './OverviewCards';
import type { OverviewItem } from './OverviewCards';
import { ScheduleSummary } from './ScheduleSummary';
import { TutorStatsCharts } from './TutorStatsCharts';
import { CHART_WEEKS } from './WeeklyMinutesChart';

function statsItems(stats: LessonStats | undefined): OverviewItem[] {
  const figure = (value: (loaded: LessonStats) => string) => (stats ? value(stats) : null);
  return [
    { label: 'دروس قدّمتها', value: figure((s) => formatNumber(s.attended.lessons)) },
    { label: 'دقائق التدريس', value: figure((s) => minutesText(s.attended.minutes)) },
    { label: 'دروس قادمة', value: figure((s) => formatNumber(s.upcoming.lessons)) },
    { label: 'دروس ملغاة', value: figure((s) => formatNumber(s.canceled.lessons)) },
  ];
}

/**
 * /t/dashboard: the tutor's schedule (or the invitation to create it), figures, earnings, minutes
 * taught, students and ratings per week, and the next and past lessons, all kept live by the
 * realtime lesson events.
 */
export default function TutorDashboardPage() {
  const stats = useLessonStats(CHART_WEEKS);
  useLessonEvents();

  return (
    <>
      <EmailVerificationBanner />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
        <PageTitle title="لوحة تحكم المعلم">
          <p>دروسك وإحصاءاتك وجدول مواعيدك في لمحة.</p>
        </PageTitle>

        <ProfileVisibility />

        <ScheduleSummary />

        <section aria-labelledby="tutor-overview-title" className="flex flex-col gap-3">
          <h2 id="tutor-overview-title" className="text-xl font-bold text-ink">
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
            <OverviewCards label="نظرة عامة" items={statsItems(stats.data)} />
          )}
        </section>

        <TutorStatsCharts weeks={CHART_WEEKS} />

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          <DashboardLessons
            title="الدروس القادمة"
            query={UPCOMING_LESSONS}
            actions
            more={{ to: paths.upcomingLessons, label: 'كل الدروس القادمة' }}
            empty={
              <EmptyState
                title="لا توجد دروس قادمة"
                description="عندما يحجز طالب درسًا معك سيظهر هنا فورًا."
                action={
                  <Link to={paths.scheduleManagement} className={buttonClasses()}>
                    إدارة مواعيدك
                  </Link>
                }
              />
            }
          />
          <DashboardLessons
            title="الدروس السابقة"
            query={PAST_LESSONS}
            actions={false}
            more={{ to: paths.lessonsSchedule, label: 'جدول الدروس' }}
            empty={
              <EmptyState title="لم تقدّم أي درس بعد" description="بعد انتهاء دروسك ستظهر هنا." />
            }
          />
        </div>
      </div>
    </>
  );
}
