import { useEffect, useId, useState } from 'react';
import { ReviewStatus, formatCairoDateTime } from '@talaqa/domain';
import type { IntroVideoView, ReviewIntroVideoBody } from '@talaqa/domain';
import {
  EmptyState,
  IntroVideoReviewActions,
  Pagination,
  QueryContent,
  SkeletonCards,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { IntroVideoPlayer } from '../onboarding/IntroVideoStep';
import {
  REVIEW_QUEUE_PAGE_SIZE,
  useReviewIntroVideo,
  useReviewQueue,
} from '../onboarding/intro-video-queries';

export const REVIEW_QUEUE_TITLE = 'فيديوهات تعريفية بانتظار المراجعة';
/** The queue's anchor on /interviews, for the home's count. */
export const REVIEW_QUEUE_ANCHOR = 'intro-videos';
const DECISION_FAILED = 'تعذّر حفظ قرار المراجعة، من فضلك حاول مرة أخرى';

function QueueItem({ video }: { video: IntroVideoView }) {
  const review = useReviewIntroVideo();
  const toast = useToast();
  const onReview = (body: ReviewIntroVideoBody) =>
    review.mutateAsync(
      { id: video.id, body },
      {
        onSuccess: () =>
          toast.success(
            body.status === ReviewStatus.Approved
              ? `تم قبول فيديو ${video.tutor.name}`
              : `تم رفض فيديو ${video.tutor.name} وإرسال السبب إليه`,
          ),
        onError: (error) => toast.error(failureMessage(error, DECISION_FAILED)),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold text-ink">{video.tutor.name}</p>
          <p dir="ltr" className="truncate text-end text-sm text-muted">
            {video.tutor.email}
          </p>
        </div>
        <p className="text-sm text-muted">
          رُفع في {formatCairoDateTime(new Date(video.createdAt))}
        </p>
      </div>
      <IntroVideoPlayer video={video} title={`الفيديو التعريفي للمعلم ${video.tutor.name}`} />
      <IntroVideoReviewActions tutorName={video.tutor.name} onReview={onReview} />
    </li>
  );
}

/**
 * The tutor managers' (and admins') queue of intro videos waiting for a decision (issue 21
 * item 7, record 312): oldest first, paged, each playable, approved or rejected with a reason;
 * the page reads again after each decision.
 */
export function IntroVideoReviewQueue() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  const total = queue.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / REVIEW_QUEUE_PAGE_SIZE));
  // A decision can empty the last page: step back to the one that still exists.
  useEffect(() => {
    if (queue.data && page > totalPages) setPage(totalPages);
  }, [queue.data, page, totalPages]);

  return (
    <section
      id={REVIEW_QUEUE_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-4 flex-col gap-4"
      data-intro-video-queue
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {REVIEW_QUEUE_TITLE}
        </h2>
        {queue.data && total > 0 && (
          <p className="text-sm text-muted">العدد: {formatNumber(total)}</p>
        )}
      </div>
      <QueryContent
        query={queue}
        loading={
          <SkeletonCards
            label="جارٍ تحميل الفيديوهات بانتظار المراجعة"
            cards={2}
            bars={['h-5 w-1/3', 'aspect-video w-full max-w-xl']}
          />
        }
        isEmpty={(data) => data.list.length === 0 && data.total === 0}
        empty={
          <EmptyState
            title="لا توجد فيديوهات بانتظار المراجعة"
            description="ستظهر هنا فيديوهات المعلمين الجدد فور رفعها."
          />
        }
      >
        {(data) => (
          <>
            <ul className="flex flex-col gap-4">
              {data.list.map((video) => (
                <QueueItem key={video.id} video={video} />
              ))}
            </ul>
            {totalPages > 1 && (
              <Pagination
                page={page}
                totalPages={totalPages}
                onPageChange={setPage}
                disabled={queue.isFetching}
                label="صفحات الفيديوهات بانتظار المراجعة"
              />
            )}
          </>
        )}
      </QueryContent>
    </section>
  );
}
