import { useState } from 'react';
import { ReviewStatus } from '@talaqa/domain';
import type { IntroVideoView, PhotoSession, ReviewIntroVideoBody } from '@talaqa/domain';
import {
  Badge,
  ErrorState,
  IntroVideoReviewActions,
  Skeleton,
  UI_MESSAGES,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { apiLinkUrl, mediaUrl } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { useAssetUrl } from '../users/queries';
import { INTRO_VIDEO_STATUS_TEXT } from './labels';
import { useReviewIntroVideo, useTutorIntroVideo, useTutorPhotoSession } from './queries';

const DECISION_FAILED = 'تعذّر حفظ قرار المراجعة، من فضلك حاول مرة أخرى';

function Player({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <video
        controls
        preload="metadata"
        playsInline
        src={src}
        poster={poster}
        aria-label={title}
        onError={() => setFailed(true)}
        className="aspect-video w-full max-w-xl rounded-lg bg-black"
      />
      {failed && (
        <p className="text-sm font-semibold text-red-700">{UI_MESSAGES.videoPlaybackFailed}</p>
      )}
    </div>
  );
}

/** The review of the tutor's video, when it waits for one. */
function ReviewActions({ video }: { video: IntroVideoView }) {
  const review = useReviewIntroVideo();
  const toast = useToast();
  const onReview = (body: ReviewIntroVideoBody) =>
    review.mutateAsync(
      { id: video.id, body },
      {
        onSuccess: () =>
          toast.success(
            body.status === ReviewStatus.Approved
              ? 'تم قبول الفيديو التعريفي'
              : 'تم رفض الفيديو التعريفي وإرسال السبب إلى المعلم',
          ),
        onError: (error) => toast.error(actionErrorText(error, DECISION_FAILED)),
      },
    );
  return <IntroVideoReviewActions tutorName={video.tutor.name} onReview={onReview} />;
}

function IntroVideo({ tutorId }: { tutorId: number }) {
  const video = useTutorIntroVideo(tutorId);
  if (video.isPending) return <Skeleton className="aspect-video w-full max-w-xl" />;
  if (video.isError) {
    return (
      <ErrorState
        error={video.error}
        onRetry={() => void video.refetch()}
        retrying={video.isFetching}
      />
    );
  }
  const data = video.data;
  if (!data) return <p className="text-sm text-muted">لم يرفع المعلم فيديو تعريفيًا بعد.</p>;
  const status = INTRO_VIDEO_STATUS_TEXT[data.status];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-sm text-muted">رُفع في {formatDateTime(data.createdAt)}</span>
      </div>
      <Player
        src={apiLinkUrl(data.videoUrl)}
        poster={apiLinkUrl(data.thumbnailUrl)}
        title="الفيديو التعريفي للمعلم"
      />
      <p className="text-sm text-muted">
        المدة {formatNumber(Math.round(data.durationSeconds))} ثانية
      </p>
      {data.status === ReviewStatus.Rejected && (
        <dl className="grid gap-1 text-sm">
          <dt className="font-semibold text-muted">سبب الرفض</dt>
          <dd dir="auto">{data.reason}</dd>
          {data.retryAfter && (
            <>
              <dt className="font-semibold text-muted">يستطيع رفع فيديو جديد من</dt>
              <dd>{formatDateTime(data.retryAfter)}</dd>
            </>
          )}
        </dl>
      )}
      {data.status === ReviewStatus.Pending && <ReviewActions video={data} />}
    </div>
  );
}

function PhotoSessionMedia({ session, name }: { session: PhotoSession; name: string }) {
  const image = useAssetUrl(session.image);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">آخر رفع في {formatDateTime(session.updatedAt)}</p>
      {session.image &&
        (image.data ? (
          <img
            src={image.data}
            alt={`صورة جلسة التصوير للمعلم ${name}`}
            className="max-h-72 w-auto max-w-full self-start rounded-lg object-contain"
          />
        ) : image.isError ? (
          <p className="text-sm font-semibold text-red-700">تعذّر تحميل الصورة</p>
        ) : (
          <Skeleton className="h-48 w-48" />
        ))}
      {session.video && (
        <Player
          src={mediaUrl(session.video)}
          poster={session.thumbnail ? mediaUrl(session.thumbnail) : undefined}
          title="فيديو جلسة التصوير"
        />
      )}
    </div>
  );
}

function PhotoSessionPart({ tutorId, name }: { tutorId: number; name: string }) {
  const studio = useTutorPhotoSession(tutorId);
  if (studio.isPending) return <Skeleton className="h-32 w-full max-w-xl" />;
  if (studio.isError) {
    return (
      <ErrorState
        error={studio.error}
        onRetry={() => void studio.refetch()}
        retrying={studio.isFetching}
      />
    );
  }
  const session = studio.data.photoSession;
  if (!session || (!session.image && !session.video)) {
    return <p className="text-sm text-muted">لا توجد صور أو فيديو من جلسة تصوير بعد.</p>;
  }
  return <PhotoSessionMedia session={session} name={name} />;
}

/** The tutor's media: the intro video with its review, and the photo session's image and video. */
export function TutorMedia({ tutorId, name }: { tutorId: number; name: string }) {
  return (
    <section
      aria-labelledby="tutor-media-heading"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="tutor-media-heading" className="text-lg font-bold text-ink">
        الوسائط
      </h2>
      <div className="flex flex-col gap-3">
        <h3 className="font-bold text-ink">الفيديو التعريفي</h3>
        <IntroVideo tutorId={tutorId} />
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
        <h3 className="font-bold text-ink">جلسة التصوير</h3>
        <PhotoSessionPart tutorId={tutorId} name={name} />
      </div>
    </section>
  );
}
