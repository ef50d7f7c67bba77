import { BarChart } from '@talaqa/ui';
import { formatCairoDayMonth } from '@talaqa/domain';
import type { LessonStatsWeek } from '@talaqa/domain';
import { formatNumber } from '../payments/format';

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
