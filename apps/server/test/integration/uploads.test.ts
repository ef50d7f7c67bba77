import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, Role, USER_STORAGE_MAX_BYTES } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { userFiles } from '../../src/db/schema';
import { heldBytes } from '../../src/modules/assets/repo';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Profile image uploads (issue 15, item 8): a hard size cap that never stores a partial file, the
 * previous image deleted once replaced, a per-account limit, and the bytes each user holds.
 */
let server: TestServer;
let uploadsDir: string;
const api = apiOn(() => server);
const db = () => server.app.database.db;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-uploads-'));
  server = await startTestServer({ uploadsDir });
});
afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-looking file of `size` bytes (the signature, then filler). */
function png(size: number, fill = 0): Uint8Array {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

const stored = async (): Promise<string[]> =>
  (await readdir(join(uploadsDir, 'uploads')).catch(() => [] as string[])).sort();

function upload(caller: SignedInUser, bytes: Uint8Array, query = '') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'image/png' }), 'me.png');
  return api<User & { code?: string }>('PUT', `/user/asset${query}`, { token: caller.token, form });
}

/** The same upload as a hand-made multipart body streamed without a content-length. */
async function uploadChunked(
  caller: SignedInUser,
  bytes: Uint8Array,
): Promise<{ status: number; code?: string }> {
  const boundary = 'talaqa-test-boundary';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const pieces = [
    head,
    ...Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    ),
    tail,
  ];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const response = await fetch(`${server.baseUrl}/api/v1/user/asset`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${caller.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as { code?: string };
  return { status: response.status, code: answer.code };
}

describe('PUT /user/asset', () => {
  it('answers 413 to every image over the limit and stores nothing of it', async () => {
    const user = await signedInUser(server, Role.Student);
    const before = await stored();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await upload(user, png(5.5 * 1024 * 1024));
      statuses.push(answer.status);
      expect(answer.body.code).toBe('large-file-size');
    }
    expect(statuses).toEqual([413, 413, 413, 413, 413]);
    expect(await stored()).toEqual(before);
    expect(await heldBytes(db(), user.id)).toBe(0);
    const me = await api<User>('GET', '/user/current', { token: user.token });
    expect(me.body.image).toBeNull();
    // Without a declared length (sent chunked), the cap holds while the file is read.
    const chunked = await uploadChunked(user, png(5.5 * 1024 * 1024));
    expect(chunked).toMatchObject({ status: 413, code: 'large-file-size' });
    expect(await stored()).toEqual(before);
    // Exactly at the limit is still an image.
    expect((await upload(user, png(IMAGE_MAX_BYTES))).status).toBe(200);
  });

  it('deletes the previous image once replaced and counts the bytes held', async () => {
    const user = await signedInUser(server, Role.Student);
    const first = await upload(user, png(1000, 1));
    expect(first.status).toBe(200);
    const firstName = first.body.image;
    expect(await stored()).toContain(firstName);
    expect(await heldBytes(db(), user.id)).toBe(1000);

    const second = await upload(user, png(3000, 2));
    expect(second.status).toBe(200);
    expect(second.body.image).not.toBe(firstName);
    const files = await stored();
    expect(files).toContain(second.body.image);
    expect(files).not.toContain(firstName);
    expect(await heldBytes(db(), user.id)).toBe(3000);
    // The old address is gone, the new one serves.
    const old = await fetch(`${server.baseUrl}/api/v1/assets/uploads/${firstName}`);
    expect(old.status).toBe(404);
    const served = await fetch(`${server.baseUrl}/api/v1/assets/uploads/${second.body.image}`);
    expect(served.status).toBe(200);
    // A refused upload changes nothing.
    const refused = await upload(user, new Uint8Array(50).fill(7));
    expect(refused.body.code).toBe('invalid-image-type');
    expect(await heldBytes(db(), user.id)).toBe(3000);
    expect(await stored()).toEqual(files);
  });

  it('refuses an image past what the user may hold, storing nothing', async () => {
    const user = await signedInUser(server, Role.Student);
    // Other files of theirs (future videos, receipts) already take most of the allowance.
    await db()
      .insert(userFiles)
      .values({ name: 'elsewhere.bin', userId: user.id, bytes: USER_STORAGE_MAX_BYTES - 1500 });
    const before = await stored();
    const refused = await upload(user, png(2000));
    expect(refused).toMatchObject({ status: 413, body: { code: 'large-file-size' } });
    expect(await stored()).toEqual(before);
    expect(await heldBytes(db(), user.id)).toBe(USER_STORAGE_MAX_BYTES - 1500);
    expect((await upload(user, png(1500))).status).toBe(200);
    await db().delete(userFiles).where(eq(userFiles.name, 'elsewhere.bin'));
  });

  it('limits uploads per account: 20 an hour, then 429', async () => {
    const user = await signedInUser(server, Role.Student);
    const other = await signedInUser(server, Role.Student);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await upload(user, png(100))).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another account is not held back; the limited one kept one image only.
    expect((await upload(other, png(100))).status).toBe(200);
    expect(await heldBytes(db(), user.id)).toBe(100);
  });
});
