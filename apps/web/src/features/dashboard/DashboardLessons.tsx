import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState, Skeleton } from '@talaqa/ui';
import { LessonRatification, LessonTiming } from '@talaqa/domain';
import type { LessonListQuery } from '@talaqa/domain';
import { useCurrentUser } from '../../lib/session';
import { LessonItem } from '../lessons/LessonItem';
import { useLessonPage } from '../lessons/queries';
import { tourTarget } from './GuidedTour';

/** Lessons a dashboard shows of each list; the rest are one link away. */
export const DASHBOARD_LESSONS = 3;

/** The dashboards' two lists: lessons to come and lessons given, canceled ones left out. */
export const UPCOMING_LESSONS = {
  when: LessonTiming.Future,
  state: LessonRatification.Ratified,
} as const;
export const PAST_LESSONS = {
  when: LessonTiming.Past,
  state: LessonRatification.Ratified,
} as const;

function LessonsSkeleton({ name }: { name: string }) {
  return (
    <div role="status" aria-label={`جارٍ تحميل ${name}`} className="flex flex-col gap-3">
      {[0, 1].map((index) => (
        <div
          key={index}
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/**
 * A section of the dashboard with the first few lessons of one list (the same items as
 * /upcoming-lessons) and a link to the whole list. The page keeps it live (`useLessonEvents`,
 * once for all its lists and figures).
 */
export function DashboardLessons({
  title,
  query,
  actions,
  more,
  empty,
  tour,
}: {
  /** The section's heading, which names it: "الدروس القادمة". */
  title: string;
  query: Omit<LessonListQuery, 'page' | 'size'>;
  /** Join, cancel and reschedule on each lesson. */
  actions: boolean;
  more: { to: string; label: string };
  empty: ReactNode;
  /** The guided tour's name for this section (`tourTarget`). */
  tour?: string;
}) {
  const headingId = useId();
  const user = useCurrentUser();
  const lessons = useLessonPage({ ...query, page: 1, size: DASHBOARD_LESSONS });
  const list = lessons.data?.list ?? null;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      {...(tour !== undefined ? tourTarget(tour) : {})}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        <Link
          to={more.to}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {more.label}
        </Link>
      </div>
      {lessons.isPending ? (
        <LessonsSkeleton name={title} />
      ) : lessons.isError || !list ? (
        <ErrorState
          title={`تعذّر تحميل ${title}`}
          error={lessons.error}
          onRetry={() => void lessons.refetch()}
          retrying={lessons.isFetching}
        />
      ) : list.length === 0 ? (
        empty
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((lesson) => (
            <LessonItem key={lesson.id} lesson={lesson} user={user} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}
