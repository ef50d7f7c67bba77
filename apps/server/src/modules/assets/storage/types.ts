import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/decisions/311-media-storage.md): one interface, two real
 * adapters (local disk, S3-compatible object storage), chosen by MEDIA_STORAGE. Files are stored
 * under names we generate (a UUID and a short extension) in one of a few folders; every other
 * name is refused before it reaches the disk or the bucket.
 */
export const ASSET_FOLDERS = ['uploads', 'receipts', 'media', 'reports'] as const;
export type AssetFolder = (typeof ASSET_FOLDERS)[number];

/** Names we generate: a UUID and a short extension. Anything else is refused before the store. */
export const SAFE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,4}$/;

export const newAssetName = (extension: string): string => `${randomUUID()}.${extension}`;

/** An inclusive byte range of a stored file (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** The bytes asked for: the whole file, or the range. */
  stream: Readable;
  /** The whole file's size in bytes. */
  size: number;
}

export interface PutOptions {
  /** The most bytes the file may have: one more and the write is aborted, nothing kept. */
  maxBytes: number;
  /** Stored with the object where the store keeps it (S3); the disk does not. */
  contentType?: string;
}

export interface AssetStorage {
  /** Which adapter this is (logs, the health page). */
  readonly kind: 'disk' | 's3';
  /**
   * Streams `source` into a new file under a generated name and answers it with the bytes written.
   * Past `maxBytes` the write stops at once, the partial file (or multipart upload) is removed and
   * a FileTooLargeError is thrown; any other failure of the source removes it too.
   */
  put(
    folder: AssetFolder,
    source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    extension: string,
    options: PutOptions,
  ): Promise<{ name: string; bytes: number }>;
  /** `put` of bytes already in memory (small images). */
  save(folder: AssetFolder, bytes: Uint8Array, extension: string): Promise<string>;
  /**
   * A stored file, or the inclusive `range` of it (already checked against its size by the
   * caller through `size`); undefined for a name we did not generate or a file gone.
   */
  open(folder: AssetFolder, name: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** A stored file's size in bytes; undefined for a name we did not generate or a file gone. */
  size(folder: AssetFolder, name: string): Promise<number | undefined>;
  /** Deletes a stored file; a name we did not generate or a file already gone is a no-op. */
  remove(folder: AssetFolder, name: string): Promise<void>;
}

/** Thrown by `put` when the source holds more than `maxBytes`. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/**
 * Passes bytes through and counts them; the chunk that crosses `maxBytes` fails the stream with
 * FileTooLargeError instead of going on, so the writer behind it aborts.
 */
export function byteCap(maxBytes: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.defineProperty(cap, 'bytes', { get: () => bytes }) as Transform & {
    readonly bytes: number;
  };
}
