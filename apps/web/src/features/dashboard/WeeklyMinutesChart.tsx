import type { ReactNode } from 'react';
import { BarChart, Skeleton, formatNumber } from '@talaqa/ui';
import { formatCairoDayMonth } from '@talaqa/domain';
import type { LessonStats } from '@talaqa/domain';

/** Weeks of the dashboards' charts: two months, which still fit a phone's width. */
export const CHART_WEEKS = 8;

/** What a weekly chart draws of each week: its value, axis, format and an optional second figure. */
export interface WeeklyMetric<W> {
  valueAxisLabel: string;
  value: (week: W) => number;
  formatValue?: (value: number) => string;
  /** A fixed top of the axis (5 for ratings). */
  maxValue?: number;
  /** A second figure per week, in the table's third column ("عدد التقييمات"). */
  note?: { label: string; text: (week: W) => string };
}

/**
 * One figure per Cairo week, oldest at the right: time runs the way Arabic reads. Each bar is
 * named by its week's Saturday ("٢٢ نوفمبر"); the numbers are also a table for screen readers.
 */
export function WeeklyChart<W extends { weekStart: string }>({
  weeks,
  title,
  metric,
}: {
  weeks: readonly W[];
  title: string;
  metric: WeeklyMetric<W>;
}) {
  return (
    <BarChart
      title={title}
      categoryAxisLabel="الأسبوع (يبدأ السبت)"
      valueAxisLabel={metric.valueAxisLabel}
      formatValue={metric.formatValue ?? formatNumber}
      maxValue={metric.maxValue}
      noteLabel={metric.note?.label}
      data={weeks.map((week) => ({
        label: formatCairoDayMonth(new Date(week.weekStart)),
        value: metric.value(week),
        ...(metric.note && { note: metric.note.text(week) }),
      }))}
    />
  );
}

const MINUTES: WeeklyMetric<{ minutes: number }> = {
  valueAxisLabel: 'الدقائق',
  value: (week) => week.minutes,
};

/** Minutes per Cairo week (taught or learned). */
export function WeeklyMinutesChart<W extends { weekStart: string; minutes: number }>({
  weeks,
  title,
}: {
  weeks: readonly W[];
  title: string;
}) {
  return <WeeklyChart weeks={weeks} title={title} metric={MINUTES} />;
}

/** The skeleton of a chart while its statistics load. */
export function ChartSkeleton() {
  return (
    <div role="status" aria-label="جارٍ تحميل الرسم البياني">
      <Skeleton className="h-56 w-full" />
    </div>
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
          <ChartSkeleton />
        ) : stats.weeks.some((week) => week.minutes > 0) ? (
          <WeeklyMinutesChart weeks={stats.weeks} title={chartTitle} />
        ) : (
          empty
        )}
      </div>
    </section>
  );
}
