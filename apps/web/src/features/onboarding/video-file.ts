/**
 * What the browser can tell about a chosen video before sending it: its kind by the first bytes
 * and its size (the server's rule, `videoFileProblem`), and its duration from the file's
 * metadata (the server measures again with ffprobe; record 312).
 */
import { videoDurationSchema, videoFileProblem } from '@talaqa/domain';
import type { ErrorCode } from '@talaqa/domain';
import { readVideoDuration } from './video-duration';

/** The longest signature `detectVideoType` reads (WebM's EBML header scan). */
const SIGNATURE_BYTES = 64;
type ChosenVideo =
  { ok: true; durationSeconds: number } | { ok: false; problem: ErrorCode | 'unreadable' };

/** Checks a chosen file as the server will: kind and size first, then the duration bounds. */
export async function checkChosenVideo(file: File): Promise<ChosenVideo> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const problem = videoFileProblem(head, file.size);
  if (problem) return { ok: false, problem };
  const durationSeconds = await readVideoDuration(file);
  if (durationSeconds === null) return { ok: false, problem: 'unreadable' };
  const bounds = videoDurationSchema.safeParse(durationSeconds);
  if (!bounds.success) {
    return { ok: false, problem: (bounds.error.issues[0]?.message ?? 'invalid-type') as ErrorCode };
  }
  return { ok: true, durationSeconds };
}
