import { Link } from 'react-router';
import { Role } from '@talaqa/domain';
import { Badge, ErrorState, SkeletonRows, formatId, formatNumber } from '@talaqa/ui';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { LESSON_STATUS_NAMES_AR } from './labels';
import { useLessons } from './queries';

/** How many of a user's newest lessons their page shows; the rest are one link away. */
const USER_LESSONS_SHOWN = 5;

/**
 * A section of `/user/:id` for a tutor or a student: their newest lessons with their status, and
 * a link to all of them on `/lessons`, filtered, where each opens its details and actions.
 */
export function UserLessons({ userId, role }: { userId: number; role: Role }) {
  const side = role === Role.Tutor ? 'tutorId' : 'studentId';
  const list = useLessons({ page: 1, size: USER_LESSONS_SHOWN, [side]: userId });
  const allLink = `${paths.lessons}?${side}=${userId}`;

  let body;
  if (list.isPending) body = <SkeletonRows rows={2} rowClassName="h-10 w-full" />;
  else if (list.isError) {
    body = (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.list.length === 0) {
    body = <p className="text-sm text-muted">لا توجد دروس لهذا المستخدم.</p>;
  } else {
    body = (
      <ul aria-label="دروس المستخدم" className="divide-y divide-slate-100">
        {list.data.list.map((lesson) => (
          <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-ink">
              {formatDateTime(lesson.start)} —{' '}
              {role === Role.Tutor ? lesson.student.name : lesson.tutor.name}
              <span className="text-muted"> (درس رقم {formatId(lesson.id)})</span>
            </span>
            <Badge tone="neutral">{LESSON_STATUS_NAMES_AR[lesson.status]}</Badge>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby="user-lessons-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="user-lessons-heading" className="text-lg font-bold text-ink">
          الدروس
        </h2>
        {list.data && list.data.total > 0 && (
          <Link
            to={allLink}
            className="rounded text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            كل الدروس ({formatNumber(list.data.total)})
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}
