import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, Role } from '@talaqa/domain';
import type { StudioTutor, StudioTutorPage, User } from '@talaqa/domain';
import { tutorProfiles } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { fakeMp4, makeVideo, storedIn, uploadChunked, uploadForm } from './media-fixtures';

/**
 * Photo sessions and studios (issue 21 item 5): a studio or an admin uploads a tutor's image,
 * video and thumbnail (each streamed under its cap, refused as a whole); the tutor becomes the
 * studio's, which other studios then neither see nor serve.
 */
let server: TestServer;
let uploadsDir: string;
let videosDir: string;
let video: Uint8Array;
const api = apiOn(() => server);
const db = () => server.app.database.db;
const CAP = 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function png(size: number, fill = 1): Uint8Array {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-photo-'));
  videosDir = await mkdtemp(join(tmpdir(), 'talaqa-photo-videos-'));
  video = await makeVideo(videosDir, 3);
  server = await startTestServer({ uploadsDir, videoMaxBytes: CAP });
});
afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
  await rm(videosDir, { recursive: true, force: true });
});

const stored = async () => ({
  uploads: await storedIn(uploadsDir, 'uploads'),
  media: await storedIn(uploadsDir, 'media'),
});

type Files = Parameters<typeof uploadForm>[4];
const session = (caller: SignedInUser, tutorId: number, files: Files) =>
  uploadForm(server, 'PUT', `/user/asset/tutor?tutorId=${tutorId}`, caller, files);
const all = (files = { image: png(2000), video, thumbnail: png(1000, 2) }): Files => ({
  image: { bytes: files.image, type: 'image/png' },
  video: { bytes: files.video, type: 'video/mp4' },
  thumbnail: { bytes: files.thumbnail, type: 'image/png' },
});

describe('PUT /user/asset/tutor', () => {
  it("stores the studio's media as the tutor's profile media and takes the tutor", async () => {
    const studio = await signedInUser(server, Role.Studio);
    const tutor = await signedInUser(server, Role.Tutor, { name: 'معلم الاستوديو' });
    const answer = await session(studio, tutor.id, all());
    expect(answer.status).toBe(200);
    const served = answer.body as unknown as StudioTutor;
    expect(served).toMatchObject({
      id: tutor.id,
      photoSession: { studioId: studio.id, uploadedBy: studio.id },
    });
    const photo = served.photoSession!;
    expect(served.image).toBe(photo.image);
    const files = await stored();
    expect(files.uploads).toContain(photo.image);
    expect(files.media).toEqual(expect.arrayContaining([photo.video, photo.thumbnail]));
    const [profile] = await db()
      .select({ video: tutorProfiles.video, thumbnail: tutorProfiles.thumbnail })
      .from(tutorProfiles)
      .where(eq(tutorProfiles.userId, tutor.id));
    expect(profile).toEqual({ video: photo.video, thumbnail: photo.thumbnail });
    // The profile's media are public.
    const played = await fetch(`${server.baseUrl}/api/v1/assets/media/${photo.video}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(played.status).toBe(206);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(video.slice(0, 10));
    const me = await api<User>('GET', '/user/current', { token: tutor.token });
    expect(me.body.image).toBe(photo.image);

    // A new thumbnail alone replaces only it; the old one is deleted.
    const again = await session(studio, tutor.id, {
      thumbnail: { bytes: png(1500, 3), type: 'image/png' },
    });
    expect(again.status).toBe(200);
    const next = (again.body as unknown as StudioTutor).photoSession!;
    expect(next).toMatchObject({ image: photo.image, video: photo.video });
    expect(next.thumbnail).not.toBe(photo.thumbnail);
    expect((await stored()).media).not.toContain(photo.thumbnail);
  });

  it("keeps other studios off a studio's tutor; admins serve every tutor", async () => {
    const [first, second] = await Promise.all([
      signedInUser(server, Role.Studio),
      signedInUser(server, Role.Studio),
    ]);
    const admin = await signedInUser(server, Role.SuperAdmin);
    const tutor = await signedInUser(server, Role.Tutor, { name: 'معلم محجوز' });
    const waiting = await signedInUser(server, Role.Tutor, { name: 'معلم ينتظر' });
    expect((await session(first, tutor.id, all())).status).toBe(200);

    expect(await session(second, tutor.id, all())).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    const peek = await api('GET', `/user/tutor/${tutor.id}/for/studio`, { token: second.token });
    expect(peek.status).toBe(403);
    const own = await api<StudioTutor>('GET', `/user/tutor/${tutor.id}/for/studio`, {
      token: first.token,
    });
    expect(own.body.photoSession?.studioId).toBe(first.id);

    const listFor = (caller: SignedInUser, query = '') =>
      api<StudioTutorPage>('GET', `/user/tutor/all/for/studio?size=100${query}`, {
        token: caller.token,
      });
    const ids = (page: StudioTutorPage) => page.list.map((row) => row.id);
    expect(ids((await listFor(first)).body)).toEqual(
      expect.arrayContaining([tutor.id, waiting.id]),
    );
    expect(ids((await listFor(second)).body)).toContain(waiting.id);
    expect(ids((await listFor(second)).body)).not.toContain(tutor.id);
    expect(ids((await listFor(first, '&waiting=true')).body)).not.toContain(tutor.id);
    const searched = await listFor(first, `&search=${encodeURIComponent('ينتظر')}`);
    expect(ids(searched.body)).toEqual([waiting.id]);

    const studioList = (caller: SignedInUser, query = '') =>
      api<StudioTutorPage>('GET', `/user/studio/list${query}`, { token: caller.token });
    expect(ids((await studioList(first)).body)).toEqual([tutor.id]);
    expect(ids((await studioList(second)).body)).toEqual([]);
    expect((await studioList(second, `?studioId=${first.id}`)).status).toBe(403);
    expect(ids((await studioList(admin, `?studioId=${first.id}`)).body)).toEqual([tutor.id]);
    expect(ids((await studioList(admin)).body)).toContain(tutor.id);

    // An admin's upload serves the tutor and keeps the studio.
    const byAdmin = await session(admin, tutor.id, {
      image: { bytes: png(3000), type: 'image/png' },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      photoSession: { studioId: first.id, uploadedBy: admin.id },
    });
  });

  it('refuses the whole form on any bad part, storing nothing', async () => {
    const studio = await signedInUser(server, Role.Studio);
    const tutor = await signedInUser(server, Role.Tutor);
    const before = await stored();
    // A good video and image, then a thumbnail that is not an image.
    const bad = await session(studio, tutor.id, {
      video: { bytes: video, type: 'video/mp4' },
      image: { bytes: png(2000), type: 'image/png' },
      thumbnail: { bytes: new Uint8Array(500).fill(9), type: 'image/png' },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid-image-type' } });
    expect(
      await session(studio, tutor.id, { video: { bytes: png(2000), type: 'video/mp4' } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'invalid-video-type' },
    });
    // One byte over each cap.
    expect(
      await session(studio, tutor.id, {
        image: { bytes: png(IMAGE_MAX_BYTES + 1), type: 'image/png' },
      }),
    ).toMatchObject({ status: 413, body: { code: 'large-file-size' } });
    expect(
      await session(studio, tutor.id, { video: { bytes: fakeMp4(CAP + 1), type: 'video/mp4' } }),
    ).toMatchObject({ status: 413, body: { code: 'large-file-size' } });
    const chunked = await uploadChunked(
      server,
      'PUT',
      `/user/asset/tutor?tutorId=${tutor.id}`,
      studio,
      'video',
      fakeMp4(CAP + 1),
    );
    expect(chunked).toMatchObject({ status: 413, body: { code: 'large-file-size' } });
    expect(await session(studio, tutor.id, {})).toMatchObject({
      status: 400,
      body: { code: 'empty-request' },
    });
    expect(await stored()).toEqual(before);
    const found = await api<StudioTutor>('GET', `/user/tutor/${tutor.id}/for/studio`, {
      token: studio.token,
    });
    expect(found.body.photoSession).toBeNull();
  });

  it('serves tutors only, and only to studios and admins', async () => {
    const studio = await signedInUser(server, Role.Studio);
    const student = await signedInUser(server, Role.Student);
    expect(await session(studio, student.id, all())).toMatchObject({
      status: 404,
      body: { code: 'tutor-not-found' },
    });
    expect(
      (await api('GET', `/user/tutor/${student.id}/for/studio`, { token: studio.token })).status,
    ).toBe(404);
    const tutor = await signedInUser(server, Role.Tutor);
    for (const role of [Role.Tutor, Role.Student, Role.TutorManager]) {
      const caller = await signedInUser(server, role);
      expect((await session(caller, tutor.id, all())).status).toBe(403);
      expect((await api('GET', '/user/studio/list', { token: caller.token })).status).toBe(403);
      expect((await api('GET', '/user/tutor/all/for/studio', { token: caller.token })).status).toBe(
        403,
      );
    }
  });
});
