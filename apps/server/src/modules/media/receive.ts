import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { detectImageType, detectVideoType, IMAGE_MIME_TYPES } from '@talaqa/domain';
import type { ValidationCode } from '@talaqa/domain';
import { AppError } from '../../errors';
import { FileTooLargeError } from '../assets';

type BusboyFileStream = MultipartFile['file'];

/**
 * Receiving an uploaded file part as a stream (docs/decisions/311-media-storage.md): its first
 * bytes decide what it is (never its name or declared type), then it flows into a store as it
 * arrives. The parser's `fileSize` limit is the hard cap: the moment a part passes it the store's
 * write is destroyed (the adapter removes what it had), and the rest of the part is read and
 * dropped so the answer goes back on an intact connection.
 */

/** Enough of a file's start for every magic-byte check (WebM names its type within 64 bytes). */
const HEAD_BYTES = 64;

/** Room for the multipart envelope around the files: boundaries, part headers, a few fields. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export const tooLarge = (field: string, maxBytes: number): AppError =>
  new AppError('large-file-size', `The ${field} is larger than ${maxBytes} bytes`, {
    fields: [{ path: field, code: 'file-too-large' }],
  });

/** Refuses, before a byte is parsed, a request declaring more than its files and form can take. */
export function refuseDeclaredOver(request: FastifyRequest, maxBytes: number, field: string): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge(field, maxBytes);
  }
}

export interface FileKind {
  extension: string;
  contentType: string;
}

const VIDEO_CONTENT_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };
const IMAGE_CONTENT_TYPES = Object.fromEntries(
  Object.entries(IMAGE_MIME_TYPES).map(([type, extension]) => [extension, type]),
) as Record<string, string>;

const refused = (field: string, code: ValidationCode, message: string): AppError =>
  new AppError(code, message, { fields: [{ path: field, code }] });

/** An MP4, MOV or WebM video by its first bytes. */
export const videoKind =
  (field: string) =>
  (head: Uint8Array): FileKind | AppError => {
    const type = detectVideoType(head);
    return type
      ? { extension: type, contentType: VIDEO_CONTENT_TYPES[type] }
      : refused(field, 'invalid-video-type', 'Only MP4, MOV or WebM videos');
  };

/** A JPG, PNG or GIF image by its first bytes. */
export const imageKind =
  (field: string) =>
  (head: Uint8Array): FileKind | AppError => {
    const type = detectImageType(head);
    return type
      ? { extension: type, contentType: IMAGE_CONTENT_TYPES[type] ?? 'application/octet-stream' }
      : refused(field, 'invalid-image-type', 'Only JPG, PNG or GIF images');
  };

/**
 * Streams one file part into `store` (which writes it under the kind `judge` finds) and answers
 * what `store` answers. The part is always read to its end. Refusals: the judge's (wrong kind),
 * `large-file-size` past `maxBytes` (the parser's limit must be the same), `empty-request` for an
 * empty file.
 */
export async function receiveFile<T>(
  field: string,
  file: BusboyFileStream,
  maxBytes: number,
  judge: (head: Uint8Array) => FileKind | AppError,
  store: (body: Readable, kind: FileKind) => Promise<T>,
): Promise<T> {
  const body = new PassThrough();
  // Its failures reach the caller through the store's promise (or the refusal), not as events.
  body.on('error', () => undefined);
  const head: Buffer[] = [];
  let headBytes = 0;
  let storing: Promise<T> | undefined;
  let refusal: AppError | undefined;
  let dropped = false;

  // Past a refusal or the cap, the rest of the part is read and dropped.
  const drop = (error: Error): void => {
    if (dropped) return;
    dropped = true;
    file.removeListener('data', onData);
    file.on('data', () => undefined);
    file.resume();
    body.destroy(error);
  };
  const start = (): void => {
    const bytes = Buffer.concat(head, headBytes);
    const kind = judge(bytes);
    if (kind instanceof AppError) {
      refusal = kind;
      drop(kind);
      return;
    }
    storing = store(body, kind);
    // A store that fails early (the bucket unreachable) must not leave the part paused.
    storing.catch((error: unknown) => drop(error instanceof Error ? error : new Error('store')));
    body.write(bytes);
  };
  function onData(chunk: Buffer): void {
    if (!storing) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD_BYTES) start();
      return;
    }
    if (!body.write(chunk)) {
      file.pause();
      body.once('drain', () => file.resume());
    }
  }
  file.on('data', onData);
  file.once('limit', () => drop(new FileTooLargeError(maxBytes)));

  try {
    await finished(file);
  } catch (error) {
    drop(error instanceof Error ? error : new Error('upload cut off'));
    await storing?.catch(() => undefined);
    throw new AppError('bad-request', 'The upload was cut off', { cause: error });
  }
  if (file.truncated) drop(new FileTooLargeError(maxBytes));
  if (!storing && !refusal && !dropped) {
    if (headBytes === 0) throw new AppError('empty-request', `The ${field} is empty`);
    start();
  }
  if (refusal) throw refusal;
  if (!storing) throw tooLarge(field, maxBytes);
  if (!dropped) body.end();
  try {
    return await storing;
  } catch (error) {
    if (error instanceof FileTooLargeError || file.truncated) throw tooLarge(field, maxBytes);
    throw error;
  }
}

/** Reads a part nobody asked for to its end. */
export async function skipFile(file: BusboyFileStream): Promise<void> {
  file.resume();
  await finished(file).catch(() => undefined);
}
