import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3StorageConfig } from '../../../config';
import { byteCap, newAssetName, SAFE_NAME } from './types';
import type { AssetStorage } from './types';

/** Parts of a multipart upload: 8 MiB (S3's minimum is 5), two in flight. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const isMissing = (error: unknown): boolean =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey'));

/**
 * Uploaded files in an S3-compatible bucket under `<folder>/<name>`, so every instance of the
 * server reads what any of them stored. Uploads stream through `@aws-sdk/lib-storage` (a single
 * PUT for small files, a multipart upload for big ones), capped as they stream: past the cap the
 * upload is aborted (the SDK aborts the multipart upload) and the key deleted in case a single
 * PUT had finished.
 */
export function s3Storage(
  config: S3StorageConfig,
  client?: S3Client,
  /** Keys per listed page: S3's most, 1000 (tests ask for fewer to walk the pages). */
  listPageSize = 1000,
): AssetStorage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload,
      // sent aws-chunked) is not understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const keyOf = (folder: string, name: string): string => `${folder}/${name}`;
  const removeKey = async (Key: string): Promise<void> => {
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
  };
  const storage: AssetStorage = {
    kind: 's3',
    async put(folder, source, extension, { maxBytes, contentType }) {
      const name = newAssetName(extension);
      const Key = keyOf(folder, name);
      const cap = byteCap(maxBytes);
      const input = source instanceof Readable ? source : Readable.from(source);
      input.on('error', (error) => cap.destroy(error));
      const body = input.pipe(cap);
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await removeKey(Key).catch(() => undefined);
        throw cap.destroyed && cap.errored ? cap.errored : error;
      }
      return { name, bytes: cap.bytes };
    },
    async save(folder, bytes, extension) {
      const { name } = await storage.put(folder, [bytes], extension, { maxBytes: bytes.length });
      return name;
    },
    async open(folder, name, range) {
      if (!SAFE_NAME.test(name)) return undefined;
      try {
        const answer = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(folder, name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(answer.Body instanceof Readable)) return undefined;
        // A ranged answer names the whole size after the slash of Content-Range.
        const whole = answer.ContentRange?.split('/')[1];
        const size = whole && whole !== '*' ? Number(whole) : (answer.ContentLength ?? 0);
        return { stream: answer.Body, size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async size(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(folder, name) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async stat(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(folder, name) }));
        return {
          name,
          bytes: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async *list(folder) {
      const Prefix = `${folder}/`;
      // Page after page, each starting after the last key of the one before (Marker; keys come
      // in UTF-8 order). ListObjects (V1) rather than V2: every S3-compatible server answers it,
      // while s3rver, our test server, fails V2 past one page (its continuation tokens need DES,
      // which OpenSSL 3 no longer offers). docs/decisions/347-stored-files.md
      let Marker: string | undefined;
      for (;;) {
        const page = await s3.send(
          new ListObjectsCommand({ Bucket, Prefix, Marker, MaxKeys: listPageSize }),
        );
        const objects = page.Contents ?? [];
        for (const object of objects) {
          const name = object.Key?.slice(Prefix.length) ?? '';
          if (!SAFE_NAME.test(name)) continue;
          yield {
            name,
            bytes: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        Marker = objects.at(-1)?.Key;
        if (!page.IsTruncated || Marker === undefined) return;
      }
    },
    async remove(folder, name) {
      if (!SAFE_NAME.test(name)) return;
      // S3 answers a delete of a missing key with success too.
      await removeKey(keyOf(folder, name));
    },
  };
  return storage;
}
