import { useState } from 'react';
import { Button, EmptyState, ErrorState, Pagination, SkeletonCards } from '@talaqa/ui';
import { formatCairoDate } from '@talaqa/domain';
import type { TutorReview } from '@talaqa/domain';
import { Stars } from '../ratings/Stars';
import { TUTOR_REVIEWS_PAGE_SIZE, useTutorReviews } from './queries';

function ReviewItem({ review }: { review: TutorReview }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-bold break-words text-ink">{review.name}</p>
        <time dateTime={review.createdAt} className="text-sm text-muted">
          {formatCairoDate(new Date(review.createdAt))}
        </time>
      </div>
      <Stars value={review.value} />
      {review.text && <p className="whitespace-pre-line break-words text-ink">{review.text}</p>}
    </li>
  );
}

/** The reviews tab of /t/{id}: the students' reviews, newest first, 10 a page. */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useTutorReviews(tutorId, page);

  if (reviews.isPending) {
    return (
      <SkeletonCards
        label="جارٍ تحميل التقييمات"
        cards={3}
        bars={['h-5 w-1/3', 'h-4 w-1/4', 'h-4 w-full']}
      />
    );
  }
  if (reviews.isError) {
    return (
      <ErrorState
        title="تعذّر تحميل التقييمات"
        error={reviews.error}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }
  const { list, total } = reviews.data;
  const totalPages = Math.max(1, Math.ceil(total / TUTOR_REVIEWS_PAGE_SIZE));
  if (list.length === 0) {
    // A later page can empty out when reviews are removed while it is open.
    return page > 1 ? (
      <EmptyState
        title="لا توجد تقييمات في هذه الصفحة"
        action={
          <Button variant="secondary" onClick={() => setPage(1)}>
            العودة إلى الصفحة الأولى
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="لا توجد تقييمات بعد"
        description="ستظهر هنا تقييمات الطلاب لدروسهم مع هذا المعلم."
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label="تقييمات الطلاب"
        aria-busy={reviews.isPlaceholderData || undefined}
        className="flex flex-col gap-3"
      >
        {list.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {totalPages > 1 && (
        <Pagination
          label="صفحات التقييمات"
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onPageChange={setPage}
          disabled={reviews.isFetching}
        />
      )}
    </div>
  );
}
