import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import {
  INTRO_VIDEO_MAX_SECONDS,
  INTRO_VIDEO_MIN_SECONDS,
  REAPPLY_AFTER_REJECTION_MONTHS,
  ReviewStatus,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  formatCairoDate,
} from '@talaqa/domain';
import type { ErrorCode, IntroVideoView } from '@talaqa/domain';
import {
  Alert,
  Badge,
  Button,
  ERROR_MESSAGES,
  ProgressBar,
  Skeleton,
  UI_MESSAGES,
  QueryContent,
  countedText,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import type { BadgeTone, CountedNoun } from '@talaqa/ui';
import { apiLinkUrl, introVideoApi } from '../../api';
import { introVideoKeys, useOwnIntroVideo, useStoreOwnIntroVideo } from './intro-video-queries';
import { checkChosenVideo } from './video-file';

const SECONDS: CountedNoun = {
  one: 'ثانية واحدة',
  two: 'ثانيتان',
  few: 'ثوانٍ',
  many: 'ثانية',
  other: 'ثانية',
};

/** "٤٠ ثانية", "٣ ثوانٍ" (whole seconds, rounded). */
export const secondsText = (seconds: number): string => countedText(Math.round(seconds), SECONDS);

const MAX_MEGABYTES = Math.round(VIDEO_MAX_BYTES / (1024 * 1024));

/** The bounds as the card explains them before a file is chosen. */
export const INTRO_VIDEO_RULES_TEXT =
  `سجّل فيديو تعرّف فيه الطلاب بنفسك وبطريقتك في التدريس، مدته من ${secondsText(INTRO_VIDEO_MIN_SECONDS)} ` +
  `إلى ${secondsText(INTRO_VIDEO_MAX_SECONDS)}، بصيغة MP4 أو MOV أو WebM، ` +
  `وحجمه ${formatNumber(MAX_MEGABYTES)} ميجابايت على الأكثر.`;

/** The server refusals the card explains in its own words (the rest use ERROR_MESSAGES). */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  'short-video-dur': `${ERROR_MESSAGES['short-video-dur']} (${secondsText(INTRO_VIDEO_MIN_SECONDS)} على الأقل)`,
  'long-video-dur': `${ERROR_MESSAGES['long-video-dur']} (${secondsText(INTRO_VIDEO_MAX_SECONDS)} على الأكثر)`,
  'large-file-size': `${ERROR_MESSAGES['large-file-size']} (${formatNumber(MAX_MEGABYTES)} ميجابايت على الأكثر)`,
  'video-too-short': `${ERROR_MESSAGES['video-too-short']}: المدة المسموح بها من ${secondsText(INTRO_VIDEO_MIN_SECONDS)} إلى ${secondsText(INTRO_VIDEO_MAX_SECONDS)}`,
  'video-too-long': `${ERROR_MESSAGES['video-too-long']}: المدة المسموح بها من ${secondsText(INTRO_VIDEO_MIN_SECONDS)} إلى ${secondsText(INTRO_VIDEO_MAX_SECONDS)}`,
  'file-too-large': `${ERROR_MESSAGES['file-too-large']} (${formatNumber(MAX_MEGABYTES)} ميجابايت على الأكثر)`,
  illegal: `لا يمكنك رفع فيديو جديد الآن: يُسمح بمحاولة جديدة بعد ${formatNumber(REAPPLY_AFTER_REJECTION_MONTHS)} أشهر من رفض الفيديو السابق`,
};

/** The Arabic sentence for a refused choice or upload. */
export function introVideoRefusalText(problem: unknown): string {
  if (problem === 'unreadable') return UI_MESSAGES.videoDurationUnreadable;
  const code = isApiError(problem) ? problem.code : problem;
  if (typeof code === 'string' && code in REFUSALS) return REFUSALS[code as ErrorCode]!;
  if (typeof code === 'string' && code in ERROR_MESSAGES) return ERROR_MESSAGES[code as ErrorCode];
  return isApiError(problem) ? UI_MESSAGES.videoUploadFailed : UI_MESSAGES.connectionFailed;
}

const STATE: Record<ReviewStatus, { label: string; tone: BadgeTone; text: string }> = {
  [ReviewStatus.Pending]: {
    label: 'بانتظار المراجعة',
    tone: 'warning',
    text: 'وصلنا الفيديو التعريفي، ويراجعه أحد مسؤولي المعلمين قريبًا. سنخبرك بالنتيجة هنا.',
  },
  [ReviewStatus.Approved]: {
    label: 'تمت الموافقة',
    tone: 'success',
    text: 'تمت الموافقة على الفيديو التعريفي، وأصبح الفيديو المعروض في ملفك للطلاب ما لم يكن لديك فيديو من جلسة التصوير.',
  },
  [ReviewStatus.Rejected]: {
    label: 'مرفوض',
    tone: 'danger',
    text: 'لم تتم الموافقة على الفيديو التعريفي.',
  },
};

const ACCEPT = [...VIDEO_MIME_TYPES, '.mp4', '.mov', '.webm'].join(',');

const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'chosen'; file: File; durationSeconds: number }
  | { kind: 'uploading'; file: File; durationSeconds: number; progress: number };

/** Choose a video, see its duration, upload it with a progress bar and a cancel button. */
function IntroVideoUploader({ onRefused }: { onRefused: () => void }) {
  const inputId = useId();
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const store = useStoreOwnIntroVideo();
  const toast = useToast();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function choose(file: File | undefined) {
    setError(null);
    setNotice(null);
    if (!file) return;
    setPhase({ kind: 'checking' });
    const checked = await checkChosenVideo(file);
    if (!checked.ok) {
      setPhase({ kind: 'idle' });
      setError(introVideoRefusalText(checked.problem));
      return;
    }
    setPhase({ kind: 'chosen', file, durationSeconds: checked.durationSeconds });
  }

  async function start() {
    if (phase.kind !== 'chosen') return;
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setNotice(null);
    setPhase({ ...phase, kind: 'uploading', progress: 0 });
    try {
      const video = await introVideoApi.upload(phase.file, phase.durationSeconds, {
        signal: abort.signal,
        onProgress: (progress) =>
          setPhase((current) =>
            current.kind === 'uploading' ? { ...current, progress } : current,
          ),
      });
      toast.success(UI_MESSAGES.videoUploaded);
      store(video);
    } catch (failure) {
      setPhase({ ...phase, kind: 'chosen' });
      if (abort.signal.aborted || isAbort(failure)) {
        setNotice(UI_MESSAGES.videoUploadCanceled);
        return;
      }
      setError(introVideoRefusalText(failure));
      // Another device may have uploaded meanwhile: the card reads the tutor's state again.
      if (isApiError(failure) && ['intro-video-exists', 'illegal'].includes(failure.code)) {
        onRefused();
      }
    } finally {
      controller.current = null;
    }
  }

  const busy = phase.kind === 'uploading' || phase.kind === 'checking';
  const chosen = phase.kind === 'chosen' || phase.kind === 'uploading' ? phase : null;
  return (
    <div className="flex flex-col gap-3">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        data-testid="intro-video-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared at once, so choosing the same file again still counts as a choice.
          event.target.value = '';
          void choose(file);
        }}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          variant="secondary"
          disabled={busy}
          loading={phase.kind === 'checking'}
          aria-describedby={error || notice ? statusId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {chosen ? UI_MESSAGES.videoChooseAnother : UI_MESSAGES.videoChoose}
        </Button>
        {chosen && (
          <span className="min-w-0 text-sm text-muted">
            <span dir="auto" className="inline-block max-w-full truncate align-bottom">
              {chosen.file.name}
            </span>{' '}
            ({`المدة ${secondsText(chosen.durationSeconds)}`})
          </span>
        )}
      </div>

      {phase.kind === 'uploading' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <ProgressBar
            value={phase.progress}
            label={UI_MESSAGES.videoUploading}
            className="flex-1"
          />
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            {UI_MESSAGES.videoUploadCancel}
          </Button>
        </div>
      )}

      {phase.kind === 'chosen' && (
        <div>
          <Button onClick={() => void start()}>{UI_MESSAGES.videoUploadStart}</Button>
        </div>
      )}

      <div id={statusId} aria-live="polite">
        {error && (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        {!error && notice && <p className="text-sm font-semibold text-emerald-800">{notice}</p>}
      </div>
    </div>
  );
}

/** The uploaded video, playable with seeking (the server answers ranges). */
export function IntroVideoPlayer({ video, title }: { video: IntroVideoView; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <video
        controls
        preload="metadata"
        playsInline
        src={apiLinkUrl(video.videoUrl)}
        poster={apiLinkUrl(video.thumbnailUrl)}
        aria-label={title}
        onError={() => setFailed(true)}
        className="aspect-video w-full max-w-xl rounded-lg bg-black"
      />
      <p className="text-sm text-muted">المدة {secondsText(video.durationSeconds)}</p>
      {failed && (
        <p className="text-sm font-semibold text-red-700">{UI_MESSAGES.videoPlaybackFailed}</p>
      )}
    </div>
  );
}

function IntroVideoState({ video }: { video: IntroVideoView | null }) {
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: introVideoKeys.mine });
  if (!video) {
    return (
      <>
        <p className="text-sm leading-relaxed text-muted">{INTRO_VIDEO_RULES_TEXT}</p>
        <IntroVideoUploader onRefused={reread} />
      </>
    );
  }
  const state = STATE[video.status];
  const retryAfter = video.retryAfter ? new Date(video.retryAfter) : null;
  const mayRetry =
    video.status === ReviewStatus.Rejected && retryAfter !== null && retryAfter <= new Date();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">الحالة:</span>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-sm leading-relaxed">{state.text}</p>
      {video.status === ReviewStatus.Rejected && (
        <Alert tone="error" title="سبب الرفض">
          <p dir="auto">{video.reason}</p>
          {retryAfter && (
            <p className="mt-1">
              {mayRetry
                ? 'يمكنك الآن رفع فيديو جديد بعد مراعاة سبب الرفض.'
                : `يمكنك رفع فيديو جديد ابتداءً من ${formatCairoDate(retryAfter)}.`}
            </p>
          )}
        </Alert>
      )}
      <IntroVideoPlayer video={video} title="الفيديو التعريفي الذي رفعته" />
      {mayRetry && (
        <>
          <p className="text-sm leading-relaxed text-muted">{INTRO_VIDEO_RULES_TEXT}</p>
          <IntroVideoUploader onRefused={reread} />
        </>
      )}
    </>
  );
}

/**
 * The tutor's intro-video step (issue 21 item 2, record 312): where it stands (none, pending
 * review, approved, rejected with the reason and the date a new try is allowed), the upload with
 * the bounds checked on the device first, a progress bar and a cancel button, and the video
 * itself. Standalone: it reads its own query, so any page (or a stepper) can hold it.
 */
export function IntroVideoStep() {
  const headingId = useId();
  const mine = useOwnIntroVideo();
  return (
    <section
      aria-labelledby={headingId}
      data-intro-video-step
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        الفيديو التعريفي
      </h2>
      <QueryContent query={mine} loading={<Skeleton className="h-24 w-full" />}>
        {(video) => <IntroVideoState video={video} />}
      </QueryContent>
    </section>
  );
}
