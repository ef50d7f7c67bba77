import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Pagination, Skeleton } from '@talaqa/ui';
import type { LessonListQuery } from '@talaqa/domain';
import { useCurrentUser } from '../../lib/session';
import { LessonItem } from './LessonItem';
import { useLessonEvents, useLessonPage } from './queries';

export const LESSON_PAGE_SIZE = 10;

/**
 * One page of the caller's lessons with its loading, failure and empty states and the page
 * buttons; kept live by the realtime lesson events.
 */
export function LessonList({
  query,
  page,
  onPageChange,
  name,
  empty,
  actions,
}: {
  query: Omit<LessonListQuery, 'page' | 'size'>;
  page: number;
  onPageChange: (page: number) => void;
  /** "الدروس القادمة": names the loading status, the failure and the page buttons. */
  name: string;
  empty: ReactNode;
  actions: boolean;
}) {
  const user = useCurrentUser();
  const lessons = useLessonPage({ ...query, page, size: LESSON_PAGE_SIZE });
  useLessonEvents();
  const totalPages = Math.max(1, Math.ceil((lessons.data?.total ?? 0) / LESSON_PAGE_SIZE));

  if (lessons.isPending) {
    return (
      <div role="status" aria-label={`جارٍ تحميل ${name}`} className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
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
  if (lessons.isError) {
    return (
      <ErrorState
        title={`تعذّر تحميل ${name}`}
        error={lessons.error}
        onRetry={() => void lessons.refetch()}
        retrying={lessons.isFetching}
      />
    );
  }
  if (lessons.data.list.length === 0) {
    return page > 1 ? <EmptyState title="لا توجد دروس في هذه الصفحة" /> : <>{empty}</>;
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-busy={lessons.isPlaceholderData || undefined}>
        {lessons.data.list.map((lesson) => (
          <LessonItem key={lesson.id} lesson={lesson} user={user} actions={actions} />
        ))}
      </ul>
      {totalPages > 1 && (
        <Pagination
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onPageChange={onPageChange}
          label={`صفحات ${name}`}
          disabled={lessons.isFetching}
        />
      )}
    </>
  );
}
