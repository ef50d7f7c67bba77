import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  formatCairoDateTime,
  imageFileProblem,
  videoFileProblem,
} from '@talaqa/domain';
import type { ErrorCode, StudioTutor } from '@talaqa/domain';
import {
  Avatar,
  Button,
  ErrorState,
  PageTitle,
  ProgressBar,
  Skeleton,
  fieldErrorText,
  formatNumber,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { isAbortError, isApiError } from '../../api';
import { paths } from '../../paths';
import { useAssetUrl } from '../users/queries';
import { mediaUrl } from '../../api';
import { uploadPhotoSession, useStoreStudioTutor, useStudioTutor } from './queries';
import type { PhotoSessionFiles } from './queries';

type Part = 'image' | 'video' | 'thumbnail';

const MIB = 1024 * 1024;
const IMAGE_ACCEPT = Object.keys(IMAGE_MIME_TYPES).join(',');

const PARTS: Record<
  Part,
  { label: string; hint: string; accept: string; problem: typeof imageFileProblem }
> = {
  image: {
    label: 'صورة الملف الشخصي',
    hint: `JPG أو PNG أو GIF حتى ${formatNumber(IMAGE_MAX_BYTES / MIB)} ميجابايت`,
    accept: IMAGE_ACCEPT,
    problem: imageFileProblem,
  },
  video: {
    label: 'فيديو التعريف',
    hint: `MP4 أو MOV أو WebM حتى ${formatNumber(VIDEO_MAX_BYTES / MIB)} ميجابايت، نحو دقيقة`,
    accept: [...VIDEO_MIME_TYPES, '.mp4', '.mov', '.webm'].join(','),
    problem: videoFileProblem,
  },
  thumbnail: {
    label: 'الصورة المصغّرة للفيديو',
    hint: `JPG أو PNG أو GIF حتى ${formatNumber(IMAGE_MAX_BYTES / MIB)} ميجابايت`,
    accept: IMAGE_ACCEPT,
    problem: imageFileProblem,
  },
};
const PART_ORDER: readonly Part[] = ['image', 'video', 'thumbnail'];

/** Enough of a file's head for every signature the domain's checks read. */
const SIGNATURE_BYTES = 64;

/** Why the tutor cannot be shown: another studio's (403), no such tutor (404), or a fault. */
function TutorError({ error, retry }: { error: unknown; retry: () => void }) {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403 || status === 404) {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
        <p className="font-bold text-ink">
          {status === 403
            ? 'هذا المعلم يتبع استوديو آخر، فلا يمكنك عرضه أو رفع مواده.'
            : messageForError(error)}
        </p>
        <Link to={paths.photoSessions} className="font-semibold text-brand-800 underline">
          العودة إلى جلسات التصوير
        </Link>
      </div>
    );
  }
  return <ErrorState error={error} onRetry={retry} />;
}

/** The tutor's current image, video and thumbnail. */
function CurrentMedia({ tutor }: { tutor: StudioTutor }) {
  const image = useAssetUrl(tutor.image);
  const session = tutor.photoSession;
  return (
    <section
      aria-labelledby="current-media"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5"
    >
      <h2 id="current-media" className="text-lg font-bold text-ink">
        المواد الحالية
      </h2>
      {session ? (
        <p className="text-sm text-muted">
          آخر رفع:{' '}
          <time dateTime={session.updatedAt}>
            {formatCairoDateTime(new Date(session.updatedAt))}
          </time>
        </p>
      ) : (
        <p className="text-sm text-muted">لم تُرفع مواد جلسة تصوير لهذا المعلم بعد.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-semibold text-ink">صورة الملف الشخصي</figcaption>
          {image.data ? (
            <img
              src={image.data}
              alt={`صورة ${tutor.name}`}
              className="aspect-square w-40 rounded-xl object-cover"
            />
          ) : (
            <p className="text-sm text-muted">لا توجد صورة.</p>
          )}
        </figure>
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-semibold text-ink">فيديو التعريف</figcaption>
          {session?.video ? (
            <video
              controls
              preload="metadata"
              src={mediaUrl(session.video)}
              poster={session.thumbnail ? mediaUrl(session.thumbnail) : undefined}
              className="aspect-video w-full max-w-sm rounded-xl bg-black"
            >
              <track kind="captions" />
            </video>
          ) : (
            <p className="text-sm text-muted">لا يوجد فيديو من جلسة تصوير.</p>
          )}
        </figure>
      </div>
    </section>
  );
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; progress: number };

/**
 * The upload form: any of image, video and thumbnail, each checked on the device as the server
 * will (kind by its first bytes, size), sent in one request with a progress bar and a cancel
 * button; every refusal in Arabic.
 */
function UploadForm({ tutor }: { tutor: StudioTutor }) {
  const formId = useId();
  const [files, setFiles] = useState<PhotoSessionFiles>({});
  const [problems, setProblems] = useState<Partial<Record<Part, ErrorCode>>>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [inputsKey, setInputsKey] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const inputs = useRef<Partial<Record<Part, HTMLInputElement | null>>>({});
  const store = useStoreStudioTutor();
  const toast = useToast();
  useEffect(() => () => controller.current?.abort(), []);

  async function choose(part: Part, file: File | undefined) {
    setError(null);
    setNotice(null);
    setFiles((was) => ({ ...was, [part]: undefined }));
    setProblems((was) => ({ ...was, [part]: undefined }));
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
    const problem = PARTS[part].problem(head, file.size);
    if (problem) setProblems((was) => ({ ...was, [part]: problem }));
    else setFiles((was) => ({ ...was, [part]: file }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase.kind === 'uploading') return;
    setError(null);
    setNotice(null);
    if (!PART_ORDER.some((part) => files[part])) {
      setError('اختر صورة أو فيديو أو صورة مصغّرة أولًا.');
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const saved = await uploadPhotoSession(tutor.id, files, {
        signal: abort.signal,
        onProgress: (progress) =>
          setPhase((current) =>
            current.kind === 'uploading' ? { ...current, progress } : current,
          ),
      });
      store(saved);
      setFiles({});
      setInputsKey((key) => key + 1);
      toast.success(`رُفعت مواد ${tutor.name}`);
    } catch (failure) {
      if (abort.signal.aborted || isAbortError(failure)) {
        setNotice('أُلغي الرفع، ولم يتغير شيء.');
      } else {
        setError(messageForError(failure));
      }
    } finally {
      controller.current = null;
      setPhase({ kind: 'idle' });
    }
  }

  const uploading = phase.kind === 'uploading';
  return (
    <section
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5"
    >
      <h2 id={`${formId}-title`} className="text-lg font-bold text-ink">
        رفع مواد جلسة التصوير
      </h2>
      <p className="text-sm text-muted">
        يكفي جزء واحد أو أكثر؛ كل ملف يحل محل سابقه. تصبح الصورة صورة الملف الشخصي، ويصبح الفيديو
        وصورته المصغّرة فيديو الملف الشخصي.
      </p>
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        {PART_ORDER.map((part) => {
          const id = `${formId}-${part}`;
          const problem = problems[part];
          const file = files[part];
          return (
            <div key={`${part}-${String(inputsKey)}`} className="flex flex-col gap-1">
              <label htmlFor={id} className="font-semibold text-ink">
                {PARTS[part].label}
              </label>
              {/* The browser's own file button speaks its own language: ours speaks Arabic. */}
              <input
                id={id}
                ref={(input) => {
                  inputs.current[part] = input;
                }}
                type="file"
                name={part}
                accept={PARTS[part].accept}
                hidden
                tabIndex={-1}
                onChange={(event) => void choose(part, event.target.files?.[0])}
              />
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={uploading}
                  aria-label={`${file ? 'اختر ملفًا آخر' : 'اختر ملفًا'}: ${PARTS[part].label}`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
                  onClick={() => inputs.current[part]?.click()}
                >
                  {file ? 'اختر ملفًا آخر' : 'اختر ملفًا'}
                </Button>
                <span dir="auto" className="min-w-0 max-w-full truncate text-sm text-muted">
                  {file ? file.name : 'لم يُختر ملف'}
                </span>
              </div>
              <p id={`${id}-hint`} className="text-sm text-muted">
                {PARTS[part].hint}
                {file && ` · المختار: ${formatNumber(Math.ceil(file.size / 1024))} كيلوبايت`}
              </p>
              {problem && (
                <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
                  {fieldErrorText(problem)}
                </p>
              )}
            </div>
          );
        })}

        {phase.kind === 'uploading' ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <ProgressBar value={phase.progress} label="جارٍ رفع المواد" className="flex-1" />
            <Button variant="secondary" onClick={() => controller.current?.abort()}>
              إلغاء الرفع
            </Button>
          </div>
        ) : (
          <div>
            <Button type="submit">رفع المواد</Button>
          </div>
        )}

        <div aria-live="polite">
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          {!error && notice && <p className="text-sm font-semibold text-ink">{notice}</p>}
        </div>
      </form>
    </section>
  );
}

/**
 * `/photo-session/{tutorId}` (issue 21 item 5; records 313, 331): the tutor to contact, the
 * current photo and video, and the upload of new ones. Another studio's tutor is refused.
 */
export default function PhotoSessionPage() {
  const tutorId = Number(useParams().tutorId);
  const tutor = useStudioTutor(tutorId);
  const valid = Number.isInteger(tutorId) && tutorId > 0;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 sm:px-6">
      <Link to={paths.photoSessions} className="self-start text-sm font-semibold underline">
        → جلسات التصوير
      </Link>
      {!valid ? (
        <PageTitle title="جلسة تصوير المعلم">
          <p role="alert">رقم المعلم في الرابط غير صحيح.</p>
        </PageTitle>
      ) : tutor.data ? (
        <>
          <div className="flex flex-wrap items-center gap-4">
            <TutorAvatar tutor={tutor.data} />
            <PageTitle title={`جلسة تصوير ${tutor.data.name}`}>
              <p className="break-words">
                <bdi dir="ltr">{tutor.data.email}</bdi>
                {tutor.data.phone && (
                  <>
                    {' · '}
                    <a href={`tel:${tutor.data.phone}`} className="underline">
                      <bdi dir="ltr">{tutor.data.phone}</bdi>
                    </a>
                  </>
                )}
              </p>
            </PageTitle>
          </div>
          <CurrentMedia tutor={tutor.data} />
          <UploadForm tutor={tutor.data} />
        </>
      ) : tutor.isError ? (
        <>
          <PageTitle title="جلسة تصوير المعلم" />
          <TutorError error={tutor.error} retry={() => void tutor.refetch()} />
        </>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">جارٍ تحميل المعلم</span>
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </section>
  );
}

function TutorAvatar({ tutor }: { tutor: StudioTutor }) {
  const image = useAssetUrl(tutor.image);
  return <Avatar name={tutor.name} src={image.data ?? null} size="md" />;
}
