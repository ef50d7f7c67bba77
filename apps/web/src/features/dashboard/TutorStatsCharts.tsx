import { LOCALE, piastersToEgp } from '@talaqa/domain';
import type { TutorStats, TutorStatsWeek } from '@talaqa/domain';
import { EmptyState, ErrorState, formatNumber } from '@talaqa/ui';
import { ChartSkeleton, WeeklyChart } from './WeeklyMinutesChart';
import type { WeeklyMetric } from './WeeklyMinutesChart';
import { useTutorStats } from './stats-queries';

const averageFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** "٤٫٥"; a week without ratings has no average: "—". */
const formatAverage = (value: number): string => (value > 0 ? averageFormat.format(value) : '—');

/** "لا تقييمات", "تقييم واحد", "تقييمان", "٣ تقييمات", "١٤ تقييمًا" (Arabic counting). */
function ratingsCount(count: number): string {
  if (count === 0) return 'لا تقييمات';
  if (count === 1) return 'تقييم واحد';
  if (count === 2) return 'تقييمان';
  return `${formatNumber(count)} ${count <= 10 ? 'تقييمات' : 'تقييمًا'}`;
}

interface TutorChart {
  id: string;
  heading: string;
  title: string;
  metric: WeeklyMetric<TutorStatsWeek>;
  /** A line under the heading: the figure since the start. */
  total: (stats: TutorStats) => string;
}

const CHARTS: TutorChart[] = [
  {
    id: 'tutor-earnings-chart',
    heading: 'الأرباح',
    title: 'أرباحك بالجنيه في آخر ثمانية أسابيع',
    metric: {
      valueAxisLabel: 'الجنيهات',
      value: (week) => piastersToEgp(week.earned),
    },
    total: (stats) => `منذ البداية: ${formatNumber(piastersToEgp(stats.earned))} جنيه`,
  },
  {
    id: 'tutor-minutes-chart',
    heading: 'دقائق التدريس',
    title: 'دقائق التدريس في آخر ثمانية أسابيع',
    metric: { valueAxisLabel: 'الدقائق', value: (week) => week.minutes },
    total: (stats) => `منذ البداية: ${formatNumber(stats.minutes)} دقيقة`,
  },
  {
    id: 'tutor-students-chart',
    heading: 'الطلاب',
    title: 'عدد الطلاب المختلفين كل أسبوع في آخر ثمانية أسابيع',
    metric: { valueAxisLabel: 'الطلاب', value: (week) => week.students },
    total: (stats) => `منذ البداية: ${formatNumber(stats.students)} طالبًا مختلفًا`,
  },
  {
    id: 'tutor-ratings-chart',
    heading: 'التقييمات',
    title: 'متوسط تقييمك كل أسبوع من ٥ في آخر ثمانية أسابيع',
    metric: {
      valueAxisLabel: 'المتوسط من ٥',
      value: (week) => week.average ?? 0,
      formatValue: formatAverage,
      maxValue: 5,
      note: { label: 'عدد التقييمات', text: (week) => ratingsCount(week.ratings) },
    },
    total: (stats) =>
      stats.average === null
        ? 'لا تقييمات بعد'
        : `المتوسط ${averageFormat.format(stats.average)} من ٥ · ${ratingsCount(stats.ratings)}`,
  },
];

/** Whether the weeks hold anything to draw: a lesson given or a rating received. */
const hasActivity = (stats: TutorStats): boolean =>
  stats.weeks.some((week) => week.lessons > 0 || week.ratings > 0);

/**
 * The tutor's weeks in four charts (decision 327's `GET /user/tutor/stats/personalized`):
 * earnings in EGP, minutes taught, different students and the ratings' average (with their
 * count in each chart's table). One loading, error or empty state for the four.
 */
export function TutorStatsCharts({ weeks }: { weeks: number }) {
  const stats = useTutorStats(weeks);
  return (
    <section aria-labelledby="tutor-stats-title" className="flex flex-col gap-3">
      <h2 id="tutor-stats-title" className="text-xl font-bold text-ink">
        أرباحك وطلابك وتقييماتك أسبوعيًا
      </h2>
      {stats.isError ? (
        <ErrorState
          title="تعذّر تحميل إحصاءاتك الأسبوعية"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : stats.data && !hasActivity(stats.data) ? (
        <EmptyState
          title="لا دروس ولا تقييمات في آخر ثمانية أسابيع"
          description="بعد أن تقدّم دروسًا سترى هنا أرباحك وطلابك وتقييماتك أسبوعًا بأسبوع."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {CHARTS.map((chart) => (
            <section
              key={chart.id}
              aria-labelledby={chart.id}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 id={chart.id} className="text-lg font-bold text-ink">
                  {chart.heading}
                </h3>
                {stats.data && <p className="text-sm text-muted">{chart.total(stats.data)}</p>}
              </div>
              {stats.data ? (
                <WeeklyChart weeks={stats.data.weeks} title={chart.title} metric={chart.metric} />
              ) : (
                <ChartSkeleton />
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
