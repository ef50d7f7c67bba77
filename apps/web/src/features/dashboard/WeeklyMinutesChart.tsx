import type { ReactNode } from 'react';
import { BarChart, Skeleton, formatNumber } from '@talaqa/ui';
import { formatCairoDayMonth } from '@talaqa/domain';
import type { LessonStats, LessonStatsWeek } from '@talaqa/domain';

/** Weeks of the dashboards' charts: two months, which still fit a phone's width. */
export const CHART_WEEKS = 8;

/**
 * Minutes per Cairo week, oldest at the right: time runs the way Arabic reads. Each bar is named
 * by its week's Saturday ("٢٢ نوفمبر").
 */
export function WeeklyMinutesChart({
  weeks,
  title,
}: {
  weeks: readonly LessonStatsWeek[];
  title: string;
}) {
  return (
    <BarChart
      title={title}
      categoryAxisLabel="الأسبوع (يبدأ السبت)"
      valueAxisLabel="الدقائق"
      formatValue={formatNumber}
      data={weeks.map((week) => ({
        label: formatCairoDayMonth(new Date(week.weekStart)),
        value: week.minutes,
      }))}
    />
  );
}

/**
 * A dashboard's chart section: its heading, a skeleton while the statistics load, `empty` when
 * no week has minutes, else the chart. The page shows the statistics' error once, above.
 */
export function WeeklyMinutesSection({
  id,
  heading,
  chartTitle,
  stats,
  empty,
}: {
  id: string;
  heading: string;
  chartTitle: string;
  /** Undefined while loading. */
  stats: LessonStats | undefined;
  empty: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold text-ink">
        {heading}
      </h2>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        {!stats ? (
          <div role="status" aria-label="جارٍ تحميل الرسم البياني">
            <Skeleton className="h-56 w-full" />
          </div>
        ) : stats.weeks.some((week) => week.minutes > 0) ? (
          <WeeklyMinutesChart weeks={stats.weeks} title={chartTitle} />
        ) : (
          empty
        )}
      </div>
    </section>
  );
}
