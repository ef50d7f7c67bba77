import { ErrorState, formatNumber } from '@talaqa/ui';
import { OverviewCards } from './OverviewCards';
import { useStudentStats } from './stats-queries';
import { CHART_WEEKS } from './WeeklyMinutesChart';

/** "٣ أسابيع", "أسبوع واحد", "لا أسابيع بعد". */
export function weeksText(count: number): string {
  if (count === 0) return '٠ أسابيع';
  if (count === 1) return 'أسبوع واحد';
  if (count === 2) return 'أسبوعان';
  return `${formatNumber(count)} ${count <= 10 ? 'أسابيع' : 'أسبوعًا'}`;
}

/**
 * The student's streaks (decision 327): weeks in a row with a lesson attended, now and at best
 * over the last year. The week under way does not break the run before it ends.
 */
export function StudentStreaks() {
  const stats = useStudentStats(CHART_WEEKS);
  return (
    <section aria-labelledby="student-streak-title" className="flex flex-col gap-3">
      <h2 id="student-streak-title" className="text-xl font-bold text-ink">
        سلسلة التعلّم
      </h2>
      {stats.isError ? (
        <ErrorState
          title="تعذّر تحميل سلسلة تعلّمك"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <OverviewCards
          label="سلسلة التعلّم"
          items={[
            {
              label: 'السلسلة الحالية',
              value: stats.data ? weeksText(stats.data.currentStreak) : null,
              hint: 'أسابيع متتالية حضرت فيها درسًا واحدًا على الأقل',
            },
            {
              label: 'أطول سلسلة',
              value: stats.data ? weeksText(stats.data.longestStreak) : null,
              hint: 'في آخر سنة',
            },
          ]}
        />
      )}
    </section>
  );
}
