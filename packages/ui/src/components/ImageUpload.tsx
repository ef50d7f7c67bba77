import { useEffect, useId, useRef, useState } from 'react';
import type { ErrorCode } from '@talaqa/domain';
import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE_PX, imageFileProblem } from '@talaqa/domain';
import { UI_MESSAGES, fieldErrorText, messageForError } from '../messages';
import { cx } from '../cx';
import { Avatar } from './Avatar';
import { Button } from './Button';
import { ProgressBar } from './ProgressBar';

/** What the upload function receives besides the file. */
export interface ImageUploadControls {
  /** Fraction in [0, 1]. */
  onProgress: (fraction: number) => void;
  /** Aborted when the person presses "إلغاء الرفع". */
  signal: AbortSignal;
}

/** `T` is the upload's answer, handed to `onUploaded` with its type (no cast at the caller). */
export interface ImageUploadProps<T = unknown> {
  /** The field's label, e.g. 'صورتك الشخصية'. */
  label: string;
  /** Whose picture it is: the current picture's text alternative and the initials without one. */
  name: string;
  /** The picture shown now (before a new one is chosen). */
  currentSrc?: string | null;
  /** Sends the file; resolves when the server has it. */
  upload: (file: File, controls: ImageUploadControls) => Promise<T>;
  onUploaded?: (result: T) => void;
  /** Called with the failure (not with a cancel); the component also shows it under the field. */
  onError?: (error: unknown) => void;
  maxBytes?: number;
  minSide?: number;
  className?: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'chosen'; file: File; preview: string; small: boolean }
  | { kind: 'uploading'; file: File; preview: string; small: boolean; progress: number }
  | { kind: 'done' };

const ACCEPT = 'image/jpeg,image/png,image/gif';
/** The longest signature `detectImageType` reads (PNG's). */
const SIGNATURE_BYTES = 16;

async function readSignature(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
}

/** The picture's size in pixels, or null where the browser cannot tell (then nothing is warned). */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/**
 * Choose a JPG, PNG or GIF, see it, and upload it with a progress bar and a cancel button.
 * The file is checked before it is sent, by its first bytes and its size (the same rule as the
 * server); a picture under the recommended 480x480 gets a warning but may still be sent.
 */
export function ImageUpload<T>({
  label,
  name,
  currentSrc,
  upload,
  onUploaded,
  onError,
  maxBytes = IMAGE_MAX_BYTES,
  minSide = IMAGE_MIN_SIDE_PX,
  className,
}: ImageUploadProps<T>) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<ErrorCode | string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const preview = phase.kind === 'chosen' || phase.kind === 'uploading' ? phase.preview : null;
  useEffect(() => {
    if (!preview) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => controller.current?.abort(), []);

  async function choose(file: File | undefined) {
    setError(null);
    setNotice(null);
    if (!file) return;
    const problem =
      file.size > maxBytes
        ? 'file-too-large'
        : imageFileProblem(await readSignature(file), file.size);
    if (problem) {
      setPhase({ kind: 'idle' });
      setError(problem);
      return;
    }
    const size = await readImageSize(file);
    const small = size !== null && (size.width < minSide || size.height < minSide);
    setPhase({ kind: 'chosen', file, preview: URL.createObjectURL(file), small });
  }

  async function start() {
    if (phase.kind !== 'chosen') return;
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setPhase({ ...phase, kind: 'uploading', progress: 0 });
    try {
      const result = await upload(phase.file, {
        signal: abort.signal,
        onProgress: (progress) =>
          setPhase((current) =>
            current.kind === 'uploading' ? { ...current, progress } : current,
          ),
      });
      setPhase({ kind: 'done' });
      setNotice(UI_MESSAGES.imageUploaded);
      onUploaded?.(result);
    } catch (failure) {
      if (abort.signal.aborted || isAbort(failure)) {
        setPhase({ ...phase, kind: 'chosen' });
        setNotice(UI_MESSAGES.imageUploadCanceled);
        return;
      }
      setPhase({ ...phase, kind: 'chosen' });
      setError(messageForError(failure));
      onError?.(failure);
    } finally {
      controller.current = null;
    }
  }

  const uploading = phase.kind === 'uploading';
  const chosenFile = phase.kind === 'chosen' || phase.kind === 'uploading' ? phase.file : null;
  const errorText = fieldErrorText(error);
  return (
    <div className={cx('flex flex-col gap-4', className)}>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt={UI_MESSAGES.imagePreviewAlt}
            // The box of Avatar's `lg` (size-24): the width and height keep the page still as it loads.
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover ring-2 ring-brand-200"
          />
        ) : (
          <Avatar name={name} src={currentSrc} size="lg" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p id={`${inputId}-label`} className="text-sm font-semibold text-ink">
            {label}
          </p>
          <p id={hintId} className="text-sm text-muted">
            {UI_MESSAGES.imageRecommendation}
          </p>
          {/* The browser's own file button speaks the browser's language: it stays hidden and an
              Arabic button opens the same picker. */}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPT}
            hidden
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared at once, so choosing the same file again still counts as a choice.
              event.target.value = '';
              void choose(file);
            }}
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="secondary"
              disabled={uploading}
              aria-describedby={cx(`${inputId}-label`, hintId, (errorText || notice) && statusId)}
              onClick={() => inputRef.current?.click()}
            >
              {chosenFile ? UI_MESSAGES.imageChooseAnother : UI_MESSAGES.imageChoose}
            </Button>
            {chosenFile && (
              <span dir="auto" className="min-w-0 truncate text-sm text-muted">
                {chosenFile.name}
              </span>
            )}
          </div>
        </div>
      </div>

      {phase.kind !== 'idle' && phase.kind !== 'done' && phase.small && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {UI_MESSAGES.imageTooSmall}
        </p>
      )}

      {uploading && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <ProgressBar
            value={phase.progress}
            label={UI_MESSAGES.imageUploading}
            className="flex-1"
          />
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            {UI_MESSAGES.imageUploadCancel}
          </Button>
        </div>
      )}

      {phase.kind === 'chosen' && (
        <div>
          <Button onClick={() => void start()}>{UI_MESSAGES.imageUploadStart}</Button>
        </div>
      )}

      <div id={statusId} aria-live="polite">
        {errorText && <p className="text-sm font-semibold text-red-700">{errorText}</p>}
        {!errorText && notice && <p className="text-sm font-semibold text-emerald-800">{notice}</p>}
      </div>
    </div>
  );
}
