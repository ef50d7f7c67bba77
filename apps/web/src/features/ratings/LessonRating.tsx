import { useState } from 'react';
import { isApiError } from '@talaqa/api-client';
import { Alert, Button, ConfirmDialog, Skeleton, UI_MESSAGES, useToast } from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { RatingDialog } from './RatingDialog';
import { Stars } from './Stars';
import { useDeleteRating, useMyRatingOf } from './queries';

/**
 * Under a fulfilled lesson of a student: the prompt to rate the tutor ("كيف كان درسك؟"), or the
 * student's rating of that tutor with its edit and delete. One rating per tutor, so every lesson
 * with the same tutor shows the same rating (one shared query).
 */
export function LessonRating({
  studentId,
  tutor,
}: {
  studentId: number;
  tutor: { id: number; name: string };
}) {
  const toast = useToast();
  const mine = useMyRatingOf(studentId, tutor.id);
  const remove = useDeleteRating();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (mine.isPending) {
    return (
      <div role="status" aria-label="جارٍ تحميل تقييمك" className="flex flex-col gap-2">
        <Skeleton className="h-4 w-1/3" />
      </div>
    );
  }
  if (mine.isError) {
    return (
      <Alert
        tone="error"
        title="تعذّر تحميل تقييمك لهذا المعلم"
        action={
          <Button
            size="sm"
            variant="secondary"
            loading={mine.isFetching}
            onClick={() => void mine.refetch()}
          >
            {UI_MESSAGES.retry}
          </Button>
        }
      />
    );
  }
  const rating = mine.data;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
      {rating === null ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-ink">كيف كان درسك مع {tutor.name}؟ قيّمه ليعرف الطلاب.</p>
          <Button size="sm" onClick={() => setEditing(true)}>
            قيّم المعلم
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted">تقييمك:</span>
              <Stars value={rating.value} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                تعديل التقييم
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
                حذف التقييم
              </Button>
            </div>
          </div>
          {rating.text && (
            <p className="whitespace-pre-line break-words text-sm text-ink">{rating.text}</p>
          )}
        </>
      )}
      {editing && (
        <RatingDialog
          raterId={studentId}
          tutor={tutor}
          rating={rating}
          open
          onOpenChange={setEditing}
        />
      )}
      {deleting && rating && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            setDeleting(open);
            if (!open) remove.reset();
          }}
          title="حذف تقييمك؟"
          description={`سيُحذف تقييمك للمعلم ${tutor.name}، ويمكنك أن تقيّمه من جديد لاحقًا.`}
          confirmLabel="نعم، احذف التقييم"
          cancelLabel="تراجع"
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { raterId: studentId, tutorId: tutor.id, ratingId: rating.id },
              {
                onSuccess: () => {
                  setDeleting(false);
                  toast.success('حُذف تقييمك');
                },
                onError: (error) => {
                  // Already deleted (another tab): the prompt is back, say so once.
                  if (isApiError(error) && error.code === 'rating-not-found') {
                    setDeleting(false);
                    toast.error(failureMessage(error, UI_MESSAGES.ratingDeleteFailed));
                  }
                },
              },
            )
          }
        >
          {remove.isError && (
            <Alert tone="error" role="alert" title={UI_MESSAGES.ratingDeleteFailed}>
              {failureMessage(remove.error, '') || null}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
