import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ReviewStatus, Role } from '@talaqa/domain';
import type { AssetFolder, DeleteUnusedAnswer, StoredFile, StoredFilePage } from '@talaqa/domain';
import {
  auditLog,
  introVideos,
  invoices,
  photoSessions,
  tutorProfiles,
  userFiles,
  users,
} from '../../src/db/schema';
import type { FileUseSource } from '../../src/modules/assets';
import { deleteUnusedFiles } from '../../src/modules/assets/stored-files';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * The admin's stored files (issue 23 item 5; docs/decisions/347-stored-files.md): every file of
 * the store with its uses and owner, and the deletion of unused ones, on the real disk store.
 */
let server: TestServer;
let uploadsDir: string;
let admin: SignedInUser;
let student: SignedInUser;
let tutor: SignedInUser;
const api = apiOn(() => server);
const HOUR_MS = 60 * 60 * 1000;

/** Named files, stored once for the whole file. */
const files = {} as Record<
  | 'avatar'
  | 'tutorVideo'
  | 'tutorThumb'
  | 'introVideo'
  | 'introThumb'
  | 'sessionImage'
  | 'receipt'
  | 'orphanImage'
  | 'orphanVideo'
  | 'orphanReceipt',
  string
>;

const store = (folder: AssetFolder, extension: string, size = 100): Promise<string> =>
  server.app.assets.save(folder, new Uint8Array(size).fill(7), extension);

const onDisk = async (folder: AssetFolder): Promise<string[]> =>
  readdir(join(uploadsDir, folder)).catch(() => [] as string[]);

/** Every page of the list for `query`. */
async function listAll(query = ''): Promise<StoredFilePage> {
  const answer = await api<StoredFilePage>('GET', `/stored-file/list?size=100${query}`, {
    token: admin.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const rowOf = (page: StoredFilePage, name: string): StoredFile | undefined =>
  page.list.find((row) => row.name === name);

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-stored-files-'));
  server = await startTestServer({ uploadsDir });
  admin = await signedInUser(server, Role.RegularAdmin);
  student = await signedInUser(server, Role.Student, { name: 'سارة الطالبة' });
  tutor = await signedInUser(server, Role.Tutor, { name: 'كريم المعلم' });
  const db = server.app.database.db;

  files.avatar = await store('uploads', 'png', 120);
  await db.update(users).set({ image: files.avatar }).where(eq(users.id, student.id));
  await db.insert(userFiles).values({ name: files.avatar, userId: student.id, bytes: 120 });

  files.tutorVideo = await store('media', 'mp4', 5000);
  files.tutorThumb = await store('media', 'jpg', 300);
  await db
    .insert(tutorProfiles)
    .values({ userId: tutor.id, video: files.tutorVideo, thumbnail: files.tutorThumb })
    .onConflictDoUpdate({
      target: tutorProfiles.userId,
      set: { video: files.tutorVideo, thumbnail: files.tutorThumb },
    });

  files.introVideo = await store('media', 'webm', 4000);
  files.introThumb = await store('media', 'png', 200);
  await db.insert(introVideos).values({
    tutorId: tutor.id,
    status: ReviewStatus.Pending,
    durationMs: 30_000,
    video: files.introVideo,
    thumbnail: files.introThumb,
    bytes: 4200,
  });

  files.sessionImage = await store('uploads', 'jpg', 150);
  await db.insert(photoSessions).values({ tutorId: tutor.id, image: files.sessionImage });

  files.receipt = await store('receipts', 'png', 90);
  await db
    .insert(invoices)
    .values({ userId: tutor.id, method: 0, amount: 10_000, receiptImage: files.receipt });

  files.orphanImage = await store('uploads', 'gif', 70);
  files.orphanVideo = await store('media', 'mov', 6000);
  files.orphanReceipt = await store('receipts', 'jpg', 80);
}, 240_000);

afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

// Every file above was just written: two hours on, all of them are old enough to delete.
beforeEach(() => {
  const later = Date.now() + 2 * HOUR_MS;
  server.app.clock.now = () => new Date(later);
});

describe('who may call', () => {
  it('refuses the list and the deletions to everyone but admins', async () => {
    const calls = [
      ['GET', '/stored-file/list', undefined],
      ['DELETE', `/stored-file/uploads/${files.orphanImage}`, undefined],
      ['POST', '/stored-file/unused/delete', { olderThanHours: 1 }],
    ] as const;
    for (const [method, path, body] of calls) {
      for (const caller of [student, tutor]) {
        const answer = await api(method, path, { token: caller.token, body });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ code: 'forbidden' });
      }
      expect((await api(method, path, { body })).status).toBe(401);
    }
    expect(await onDisk('uploads')).toContain(files.orphanImage);
  });
});

describe('GET /stored-file/list', () => {
  it('lists every stored file with its size, uses, owner and link', async () => {
    const page = await listAll();
    const avatar = rowOf(page, files.avatar);
    expect(avatar).toMatchObject({
      folder: 'uploads',
      bytes: 120,
      kind: 'image',
      uses: [{ use: 'profile-image', ownerId: student.id }],
      owner: { id: student.id, name: 'سارة الطالبة' },
      link: `/api/v1/assets/uploads/${files.avatar}`,
      deletable: false,
    });
    expect(new Date(avatar!.modifiedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(rowOf(page, files.tutorVideo)).toMatchObject({
      folder: 'media',
      kind: 'video',
      uses: [{ use: 'tutor-video', ownerId: tutor.id }],
      owner: { id: tutor.id, name: 'كريم المعلم' },
      poster: files.tutorThumb,
      link: `/api/v1/assets/media/${files.tutorVideo}`,
    });
    expect(rowOf(page, files.introVideo)).toMatchObject({
      uses: [{ use: 'intro-video', ownerId: tutor.id }],
      poster: files.introThumb,
    });
    expect(rowOf(page, files.introThumb)?.uses).toEqual([
      { use: 'intro-thumbnail', ownerId: tutor.id },
    ]);
    expect(rowOf(page, files.sessionImage)?.uses).toEqual([
      { use: 'photo-session-image', ownerId: tutor.id },
    ]);
    expect(rowOf(page, files.receipt)).toMatchObject({
      folder: 'receipts',
      kind: 'receipt',
      uses: [{ use: 'receipt', ownerId: tutor.id }],
      link: `/api/v1/assets/receipts/${files.receipt}`,
    });
    // Unused: no owner; media and receipts are served only while used, uploads always.
    expect(rowOf(page, files.orphanVideo)).toMatchObject({
      uses: [],
      owner: null,
      link: null,
      deletable: true,
    });
    expect(rowOf(page, files.orphanReceipt)).toMatchObject({ link: null, deletable: true });
    expect(rowOf(page, files.orphanImage)?.link).toBe(
      `/api/v1/assets/uploads/${files.orphanImage}`,
    );
    // Newest first.
    const times = page.list.map((row) => row.modifiedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('counts every folder, whatever the filters', async () => {
    const page = await listAll('&folder=receipts');
    expect(page.folders.find((total) => total.folder === 'receipts')).toEqual({
      folder: 'receipts',
      count: 2,
      bytes: 170,
      unusedCount: 1,
      unusedBytes: 80,
    });
    const media = page.folders.find((total) => total.folder === 'media');
    expect(media).toMatchObject({ count: 5, bytes: 15_500, unusedCount: 1, unusedBytes: 6000 });
    expect(page.folders.map((total) => total.folder)).toEqual([
      'uploads',
      'receipts',
      'media',
      'reports',
    ]);
    expect(page.folders.find((total) => total.folder === 'reports')?.count).toBe(0);
  });

  it('filters by folder, use, owner and kind, page by page', async () => {
    const names = (page: StoredFilePage) => page.list.map((row) => row.name).sort();
    expect(names(await listAll('&folder=receipts'))).toEqual(
      [files.receipt, files.orphanReceipt].sort(),
    );
    expect(names(await listAll('&state=unused'))).toEqual(
      [files.orphanImage, files.orphanVideo, files.orphanReceipt].sort(),
    );
    expect(names(await listAll(`&ownerId=${String(student.id)}`))).toEqual([files.avatar]);
    expect(names(await listAll('&kind=video'))).toEqual(
      [files.tutorVideo, files.introVideo, files.orphanVideo].sort(),
    );
    expect(names(await listAll('&folder=media&state=used&kind=image'))).toEqual(
      [files.tutorThumb, files.introThumb].sort(),
    );
    const all = await listAll();
    const first = await api<StoredFilePage>('GET', '/stored-file/list?page=1&size=4', {
      token: admin.token,
    });
    const second = await api<StoredFilePage>('GET', '/stored-file/list?page=2&size=4', {
      token: admin.token,
    });
    expect(first.body.total).toBe(all.total);
    expect([...first.body.list, ...second.body.list].map((row) => row.name)).toEqual(
      all.list.slice(0, 8).map((row) => row.name),
    );
    for (const bad of ['folder=secret', 'kind=pdf', 'state=maybe', 'ownerId=0', 'page=0']) {
      const answer = await api('GET', `/stored-file/list?${bad}`, { token: admin.token });
      expect(answer.status).toBe(400);
    }
  });
});

describe('DELETE /stored-file/{folder}/{name}', () => {
  it('refuses a file in use and changes nothing', async () => {
    for (const [folder, name] of [
      ['uploads', files.avatar],
      ['uploads', files.sessionImage],
      ['media', files.tutorThumb],
      ['media', files.introVideo],
      ['receipts', files.receipt],
    ] as const) {
      const answer = await api('DELETE', `/stored-file/${folder}/${name}`, {
        token: admin.token,
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'asset-in-use' });
      expect(await onDisk(folder)).toContain(name);
    }
  });

  it('refuses a file written under an hour ago: an upload may still be recording it', async () => {
    server.app.clock.now = () => new Date(Date.now() + 30 * 60 * 1000);
    const young = await store('uploads', 'png');
    const answer = await api('DELETE', `/stored-file/uploads/${young}`, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'asset-too-new' });
    expect(await onDisk('uploads')).toContain(young);
    await server.app.assets.remove('uploads', young);
  });

  it('answers asset-not-found for a missing file and 400 for a name we never make', async () => {
    const missing = await api(
      'DELETE',
      '/stored-file/media/00000000-0000-4000-8000-000000000000.mp4',
      { token: admin.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'asset-not-found' });
    for (const path of ['/stored-file/media/..%2Fsecret.txt', '/stored-file/etc/a.png']) {
      expect((await api('DELETE', path, { token: admin.token })).status).toBe(400);
    }
  });

  it('deletes an unused file from the disk and writes its audit row', async () => {
    const answer = await api('DELETE', `/stored-file/receipts/${files.orphanReceipt}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(204);
    expect(await onDisk('receipts')).not.toContain(files.orphanReceipt);
    expect(await onDisk('receipts')).toContain(files.receipt);
    const rows = await server.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.delete'), eq(auditLog.actorId, admin.id)));
    expect(rows.map((row) => row.details)).toContainEqual({
      folder: 'receipts',
      name: files.orphanReceipt,
      bytes: 80,
      modifiedAt: expect.any(String) as string,
    });
    const again = await api('DELETE', `/stored-file/receipts/${files.orphanReceipt}`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    expect(rowOf(await listAll(), files.orphanReceipt)).toBeUndefined();
  });
});

describe('POST /stored-file/unused/delete', () => {
  it('deletes every unused file older than the hours asked, and nothing in use', async () => {
    const before = await listAll();
    const inUse = before.list.filter((row) => row.uses.length > 0).map((row) => row.name);
    // Written two hours "ago": none is older than three.
    const none = await api<DeleteUnusedAnswer>('POST', '/stored-file/unused/delete', {
      token: admin.token,
      body: { olderThanHours: 3 },
    });
    expect(none.body).toEqual({ deleted: 0, bytes: 0 });
    // One folder only.
    const media = await api<DeleteUnusedAnswer>('POST', '/stored-file/unused/delete', {
      token: admin.token,
      body: { olderThanHours: 1, folder: 'media' },
    });
    expect(media.status).toBe(200);
    expect(media.body).toEqual({ deleted: 1, bytes: 6000 });
    expect(await onDisk('media')).not.toContain(files.orphanVideo);
    expect(await onDisk('uploads')).toContain(files.orphanImage);

    const all = await api<DeleteUnusedAnswer>('POST', '/stored-file/unused/delete', {
      token: admin.token,
      body: { olderThanHours: 1 },
    });
    expect(all.body).toEqual({ deleted: 1, bytes: 70 });
    expect(await onDisk('uploads')).not.toContain(files.orphanImage);
    const after = await listAll();
    expect(after.list.map((row) => row.name).sort()).toEqual([...inUse].sort());
    expect(after.folders.every((total) => total.unusedCount === 0)).toBe(true);
    const rows = await server.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'file.delete'));
    const deleted = rows.map((row) => (row.details as { name: string }).name);
    expect(deleted).toEqual(
      expect.arrayContaining([files.orphanVideo, files.orphanImage, files.orphanReceipt]),
    );
    expect(deleted.some((name) => inUse.includes(name))).toBe(false);
  });

  it('keeps a young unused file and refuses an age under an hour', async () => {
    server.app.clock.now = () => new Date(Date.now() + 10 * 60 * 1000);
    const young = await store('media', 'mp4');
    const answer = await api<DeleteUnusedAnswer>('POST', '/stored-file/unused/delete', {
      token: admin.token,
      body: { olderThanHours: 1 },
    });
    expect(answer.body).toEqual({ deleted: 0, bytes: 0 });
    expect(await onDisk('media')).toContain(young);
    for (const olderThanHours of [0, 0.5, -1, 'one', 100_000]) {
      const refused = await api('POST', '/stored-file/unused/delete', {
        token: admin.token,
        body: { olderThanHours },
      });
      expect(refused.status).toBe(400);
    }
    expect(await onDisk('media')).toContain(young);
  });

  it('keeps a file that something starts using after the uses were read', async () => {
    const name = await store('reports', 'txt');
    // The use appears right after the first read of every use: the per-file check must see it.
    let committed = false;
    const racing: FileUseSource = async (_db, names) => {
      const seen = committed && (names === undefined || names.includes(name));
      committed = true;
      return Promise.resolve(
        seen
          ? [{ folder: 'reports' as const, name, ownerId: tutor.id, use: 'report-log' as const }]
          : [],
      );
    };
    const ctx = {
      db: server.app.database.db,
      clock: server.app.clock,
      log: server.app.log,
      assets: server.app.assets,
      uses: [racing],
    };
    const answer = await deleteUnusedFiles(
      ctx,
      { userId: admin.id, role: Role.RegularAdmin },
      { olderThanHours: 1, folder: 'reports' },
    );
    expect(answer).toEqual({ deleted: 0, bytes: 0 });
    expect(await onDisk('reports')).toContain(name);
    await server.app.assets.remove('reports', name);
  });
});
