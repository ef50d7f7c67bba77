import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  REAPPLY_AFTER_REJECTION_MONTHS,
  REVIEW_REASON_BOUNDS,
  ReviewStatus,
  formatCairoDateTime,
  reviewIntroVideoBodySchema,
} from '@talaqa/domain';
import type { ErrorCode, IntroVideoView } from '@talaqa/domain';
import {
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Pagination,
  QueryContent,
  SkeletonCards,
  Textarea,
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

/** Approve: one confirmation, then PUT /intro-video/{id} with Approved. */
function ApproveButton({ video }: { video: IntroVideoView }) {
  const [open, setOpen] = useState(false);
  const review = useReviewIntroVideo();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!review.isPending) setOpen(next);
      }}
      trigger={<Button>قبول</Button>}
      title="قبول الفيديو التعريفي"
      description={`سيُعتمد فيديو ${video.tutor.name} وينتقل إلى الخطوة التالية من الانضمام. هل تريد المتابعة؟`}
      confirmLabel="نعم، اقبل الفيديو"
      variant="primary"
      loading={review.isPending}
      onConfirm={() =>
        review.mutate(
          { id: video.id, body: { status: ReviewStatus.Approved } },
          {
            onSuccess: () => {
              toast.success(`تم قبول فيديو ${video.tutor.name}`);
              setOpen(false);
            },
            onError: (error) => toast.error(failureMessage(error, DECISION_FAILED)),
          },
        )
      }
    />
  );
}

/**
 * Reject: the reason (checked by the domain's schema, 5 to 500 characters), then a confirmation
 * in the same dialog, then PUT /intro-video/{id} with Rejected and the reason.
 */
function RejectButton({ video }: { video: IntroVideoView }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ErrorCode | undefined>();
  const review = useReviewIntroVideo();
  const toast = useToast();

  useEffect(() => {
    if (open) return;
    setStep('write');
    setReason('');
    setError(undefined);
  }, [open]);

  const body = { status: ReviewStatus.Rejected, reason } as const;
  const check = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewIntroVideoBodySchema.safeParse(body);
    if (!parsed.success) {
      setError((parsed.error.issues[0]?.message ?? 'review-reason-too-short') as ErrorCode);
      return;
    }
    setStep('confirm');
  };
  const send = () =>
    review.mutate(
      { id: video.id, body },
      {
        onSuccess: () => {
          toast.success(`تم رفض فيديو ${video.tutor.name} وإرسال السبب إليه`);
          setOpen(false);
        },
        onError: (failure) => toast.error(failureMessage(failure, DECISION_FAILED)),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!review.isPending) setOpen(next);
      }}
      trigger={<Button variant="danger">رفض</Button>}
      title="رفض الفيديو التعريفي"
      description={`يصل السبب إلى ${video.tutor.name}، ولا يستطيع رفع فيديو جديد قبل ${formatNumber(REAPPLY_AFTER_REJECTION_MONTHS)} أشهر.`}
    >
      {step === 'write' ? (
        <form noValidate className="flex flex-col gap-4" onSubmit={check}>
          <Textarea
            label="سبب الرفض"
            hint={`من ${formatNumber(REVIEW_REASON_BOUNDS.min)} إلى ${formatNumber(REVIEW_REASON_BOUNDS.max)} حرف، يقرؤه المعلم كما تكتبه`}
            value={reason}
            rows={4}
            maxLength={REVIEW_REASON_BOUNDS.max + 50}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              إلغاء
            </Button>
            <Button type="submit" variant="danger">
              متابعة
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed">هل تريد رفض الفيديو بهذا السبب؟</p>
          <blockquote dir="auto" className="rounded-lg bg-slate-50 p-3 text-sm">
            {reason.trim()}
          </blockquote>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={review.isPending}
              onClick={() => setStep('write')}
            >
              تعديل السبب
            </Button>
            <Button variant="danger" loading={review.isPending} onClick={send}>
              نعم، ارفض الفيديو
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function QueueItem({ video }: { video: IntroVideoView }) {
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
      <div className="flex flex-wrap gap-2">
        <ApproveButton video={video} />
        <RejectButton video={video} />
      </div>
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
