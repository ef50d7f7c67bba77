import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, Skeleton, buttonClasses, formatNumber } from '@talaqa/ui';
import { scheduleApi } from '../../api';
import { paths } from '../../paths';
import { hoursText } from '../../lib/format';

/** The key of /schedule-management's own query: both pages share one answer. */
const OWN_WEEK_KEY = ['availability-slot', 'own'] as const;

/** The tutor's weekly schedule (GET /availability-slot/), read again after lesson events. */
function useOwnWeek() {
  return useQuery({
    queryKey: OWN_WEEK_KEY,
    queryFn: ({ signal }) => scheduleApi.week({}, signal),
  });
}

const SECTION =
  'flex flex-col gap-3 rounded-2xl border p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between';

/**
 * Without any weekly slot, a prominent invitation to create the schedule (students cannot book
 * before it exists); with slots, how many hours a week and on how many days, and a link to edit.
 */
export function ScheduleSummary() {
  const week = useOwnWeek();
  if (week.isPending) {
    return (
      <div
        role="status"
        aria-label="جارٍ تحميل جدول مواعيدك"
        className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (week.isError) {
    return (
      <ErrorState
        title="تعذّر تحميل جدول مواعيدك"
        error={week.error}
        onRetry={() => void week.refetch()}
        retrying={week.isFetching}
      />
    );
  }
  const { template, bookable } = week.data;
  if (template.length === 0) {
    return (
      <section
        aria-labelledby="schedule-summary-title"
        className={`${SECTION} border-accent-300 bg-accent-100`}
      >
        <div className="flex flex-col gap-1">
          <h2 id="schedule-summary-title" className="text-xl font-bold text-ink">
            لم تحدد مواعيدك المتاحة بعد
          </h2>
          <p className="text-ink">
            لا يستطيع الطلاب حجز دروس معك قبل أن تختار المواعيد التي تتاح فيها كل أسبوع.
          </p>
        </div>
        <Link to={paths.scheduleManagement} className={buttonClasses({ size: 'lg' })}>
          أنشئ جدول مواعيدك
        </Link>
      </section>
    );
  }
  const minutes = template.reduce((sum, slot) => sum + slot.length, 0);
  const days = new Set(template.map((slot) => slot.weekday)).size;
  return (
    <section
      aria-labelledby="schedule-summary-title"
      className={`${SECTION} border-slate-200 bg-white`}
    >
      <div className="flex flex-col gap-2">
        <h2 id="schedule-summary-title" className="text-lg font-bold text-ink">
          جدولك الأسبوعي
        </h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <div className="flex gap-1">
            <dt className="text-muted">المتاح للحجز أسبوعيًا:</dt>
            <dd className="font-semibold text-ink">{hoursText(minutes)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted">أيام العمل:</dt>
            <dd className="font-semibold text-ink">{formatNumber(days)}</dd>
          </div>
        </dl>
        {!bookable && (
          <p className="text-sm text-muted">
            لن يرى الطلاب مواعيدك حتى يكتمل{' '}
            <Link to={paths.tutorOnboarding} className="font-semibold text-brand-700 underline">
              انضمامك
            </Link>
            .
          </p>
        )}
      </div>
      <Link
        to={paths.scheduleManagement}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        تعديل الجدول
      </Link>
    </section>
  );
}
