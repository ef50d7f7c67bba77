import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage, s3Storage } from '../../src/modules/assets';
import type { AssetStorage } from '../../src/modules/assets';
import { FileTooLargeError } from '../../src/modules/assets/storage';

/**
 * One contract for every storage adapter (docs/decisions/311-media-storage.md): the local disk and
 * S3 against a real S3-compatible server (s3rver) on a free port. Each test runs on both.
 */
interface Adapter {
  storage: AssetStorage;
  /** The same store listing two keys per page (S3: ListObjectsV2 continues page by page). */
  paged: AssetStorage;
  /** Every stored key (`folder/name`), to prove a refused upload left nothing behind. */
  keys(): Promise<string[]>;
}

let diskRoot: string;
let s3Dir: string;
let s3rver: S3rver;
let s3Client: S3Client;
const BUCKET = 'talaqa-test';
const adapters: Record<'disk' | 's3', Adapter> = {} as Record<'disk' | 's3', Adapter>;

beforeAll(async () => {
  diskRoot = await mkdtemp(join(tmpdir(), 'talaqa-disk-'));
  s3Dir = await mkdtemp(join(tmpdir(), 'talaqa-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
  const { port } = await s3rver.run();
  const s3 = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  s3Client = new S3Client({ ...s3 });
  await s3Client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  adapters.disk = {
    storage: diskStorage(diskRoot),
    paged: diskStorage(diskRoot),
    keys: async () => {
      const folders = await readdir(diskRoot).catch(() => [] as string[]);
      const nested = await Promise.all(
        folders.map(async (folder) =>
          (await readdir(join(diskRoot, folder))).map((name) => `${folder}/${name}`),
        ),
      );
      return nested.flat().sort();
    },
  };
  adapters.s3 = {
    storage: s3Storage(s3),
    paged: s3Storage(s3, undefined, 2),
    keys: async () => {
      const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
  };
});

afterAll(async () => {
  s3Client?.destroy();
  await s3rver?.close();
  await rm(diskRoot, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
});

/** `total` bytes in chunks of 64 KiB, the byte at offset i being i mod 251. */
function* pattern(total: number, chunk = 64 * 1024): Generator<Uint8Array> {
  for (let offset = 0; offset < total; offset += chunk) {
    const piece = new Uint8Array(Math.min(chunk, total - offset));
    for (let i = 0; i < piece.length; i += 1) piece[i] = (offset + i) % 251;
    yield piece;
  }
}

const bytesOf = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  const adapter = () => adapters[kind];

  it('stores a stream under a generated name and reads it back whole and by range', async () => {
    const { storage } = adapter();
    const total = 9 * 1024 * 1024 + 17; // past one S3 part: a real multipart upload
    const put = await storage.put('media', Readable.from(pattern(total)), 'mp4', {
      maxBytes: total,
      contentType: 'video/mp4',
    });
    expect(put.bytes).toBe(total);
    expect(put.name).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(await storage.size('media', put.name)).toBe(total);
    const whole = await storage.open('media', put.name);
    expect(whole?.size).toBe(total);
    const all = await bytesOf(whole!.stream);
    expect(all.length).toBe(total);
    expect(all[total - 1]).toBe((total - 1) % 251);
    const ranged = await storage.open('media', put.name, { start: 1000, end: 1009 });
    expect(ranged?.size).toBe(total);
    expect([...(await bytesOf(ranged!.stream))]).toEqual(
      Array.from({ length: 10 }, (_, i) => (1000 + i) % 251),
    );
    await storage.remove('media', put.name);
    expect(await storage.size('media', put.name)).toBeUndefined();
    expect(await storage.open('media', put.name)).toBeUndefined();
  });

  it('aborts an upload one byte past the cap and keeps nothing of it', async () => {
    const { storage, keys } = adapter();
    const before = await keys();
    for (const total of [1024 + 1, 9 * 1024 * 1024]) {
      await expect(
        storage.put('media', Readable.from(pattern(total)), 'mp4', { maxBytes: total - 1 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
    }
    expect(await keys()).toEqual(before);
    // Exactly at the cap is stored.
    const put = await storage.put('media', pattern(1024), 'mp4', { maxBytes: 1024 });
    expect(put.bytes).toBe(1024);
    expect(await keys()).toEqual([...before, `media/${put.name}`].sort());
    await storage.remove('media', put.name);
  });

  it('removes what a failing source started, and keeps folders apart', async () => {
    const { storage, keys } = adapter();
    const before = await keys();
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(1000);
      throw new Error('the client went away');
    }
    await expect(storage.put('media', failing(), 'mp4', { maxBytes: 10_000 })).rejects.toThrow(
      'the client went away',
    );
    expect(await keys()).toEqual(before);

    const name = await storage.save('uploads', new TextEncoder().encode('hello'), 'png');
    expect(await text((await storage.open('uploads', name))!.stream)).toBe('hello');
    expect(await storage.open('media', name)).toBeUndefined();
    await storage.remove('uploads', name);
  });

  it('refuses names it did not generate, and removing a missing file is a no-op', async () => {
    const { storage } = adapter();
    for (const name of ['../secret.txt', 'a.png', '..%2F..%2Fetc', '']) {
      expect(await storage.open('uploads', name)).toBeUndefined();
      expect(await storage.size('uploads', name)).toBeUndefined();
      await storage.remove('uploads', name);
    }
    await storage.remove('uploads', '00000000-0000-4000-8000-000000000000.png');
  });

  it('lists a folder across pages, each file with its size and time', async () => {
    const { storage, paged } = adapter();
    const before = new Date(Date.now() - 60_000);
    const stored: { name: string; bytes: number }[] = [];
    for (const size of [3, 5, 7, 11, 13]) {
      const put = await storage.put('reports', pattern(size), 'txt', { maxBytes: size });
      stored.push({ name: put.name, bytes: size });
    }
    const other = await storage.save('uploads', new Uint8Array(4), 'png');
    const listed: { name: string; bytes: number; modifiedAt: Date }[] = [];
    for await (const file of paged.list('reports')) listed.push(file);
    expect(listed.map(({ name, bytes }) => ({ name, bytes })).sort(byName)).toEqual(
      [...stored].sort(byName),
    );
    for (const file of listed) {
      expect(file.modifiedAt.getTime()).toBeGreaterThan(before.getTime());
      expect(file.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
      // One file's own answer agrees with the listing.
      expect(await storage.stat('reports', file.name)).toEqual(file);
    }
    expect(await storage.stat('uploads', stored[0]!.name)).toBeUndefined();
    expect(await storage.stat('reports', '../secret.txt')).toBeUndefined();
    // A folder lists only its own files; a removed file is no longer listed.
    await storage.remove('reports', stored[0]!.name);
    const after: string[] = [];
    for await (const file of storage.list('reports')) after.push(file.name);
    expect(after.sort()).toEqual(
      stored
        .slice(1)
        .map((file) => file.name)
        .sort(),
    );
    const uploads: string[] = [];
    for await (const file of storage.list('uploads')) uploads.push(file.name);
    expect(uploads).toContain(other);
    expect(uploads.some((name) => stored.some((file) => file.name === name))).toBe(false);
    for (const file of stored.slice(1)) await storage.remove('reports', file.name);
    await storage.remove('uploads', other);
    const empty: string[] = [];
    for await (const file of storage.list('reports')) empty.push(file.name);
    expect(empty).toEqual([]);
  });
});

const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
