import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOT_STARTED, ReviewStatus, Role } from '@talaqa/domain';
import type { IntroVideoPage, IntroVideoView } from '@talaqa/domain';
import { tutorProfiles } from '../../src/db/schema';
import { introVideoStep } from '../../src/modules/media';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { fakeMp4, makeVideo, storedIn, uploadChunked, uploadForm } from './media-fixtures';

/**
 * Intro videos (issue 21 item 2): the upload measured by ffprobe and thumbnailed by ffmpeg, its
 * bounds and size cap, one per tutor, the review by tutor managers and admins, a new try three
 * months after a rejection (the clock moved), and the media route's ranges and private access.
 */
let server: TestServer;
let uploadsDir: string;
let videosDir: string;
let ok: Uint8Array;
let short: Uint8Array;
let long: Uint8Array;
const api = apiOn(() => server);
const db = () => server.app.database.db;
/** The cap of a video in this file's server: small, so "just over it" is quick to send. */
const CAP = 1024 * 1024;
const START = new Date('2026-03-01T10:00:00Z');
const decided: (readonly number[])[] = [];

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-media-'));
  videosDir = await mkdtemp(join(tmpdir(), 'talaqa-videos-'));
  [ok, short, long] = await Promise.all([
    makeVideo(videosDir, 35),
    makeVideo(videosDir, 10),
    makeVideo(videosDir, 125),
  ]);
  server = await startTestServer({ uploadsDir, videoMaxBytes: CAP });
  server.app.clock.now = () => START;
  server.app.domainEvents.on('OnboardingStepChanged', (event) => {
    decided.push(event.tutorIds);
  });
});
afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
  await rm(videosDir, { recursive: true, force: true });
});

const media = () => storedIn(uploadsDir, 'media');
const upload = (tutor: SignedInUser | null, bytes: Uint8Array, duration = '35') =>
  uploadForm(
    server,
    'POST',
    '/intro-video/with/asset',
    tutor,
    {
      video: { bytes, type: 'video/mp4' },
    },
    { duration },
  );
const review = (id: number, by: SignedInUser, body: unknown) =>
  api<IntroVideoView & { code?: string; fields?: unknown }>('PUT', `/intro-video/${id}`, {
    token: by.token,
    body,
  });
/** The status of a GET, its body read and dropped (an unread body would hold the connection). */
async function statusOf(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
}

const introTempDirs = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('talaqa-intro-'));

describe('POST /intro-video/with/asset', () => {
  it('measures the video itself, makes a thumbnail and keeps one video per tutor', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    expect(await introVideoStep(db(), tutor.id, START)).toEqual(NOT_STARTED);
    // The browser's claim (here 99 s) is not what is stored: ffprobe measured 35 s.
    const answer = await upload(tutor, ok, '99');
    expect(answer.status).toBe(201);
    const video = answer.body as unknown as IntroVideoView;
    expect(video).toMatchObject({
      tutorId: tutor.id,
      status: ReviewStatus.Pending,
      durationSeconds: 35,
      reason: null,
      reviewedAt: null,
      retryAfter: null,
      createdAt: START.toISOString(),
    });
    expect(await media()).toEqual([video.thumbnail, video.video].sort());
    expect((await introVideoStep(db(), tutor.id, START)).state).toBe('pending');
    // The thumbnail is a real JPEG, played through its signed link.
    const thumbnail = await fetch(`${server.baseUrl}${video.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumbnail.arrayBuffer()).slice(0, 3)]).toEqual([
      0xff, 0xd8, 0xff,
    ]);
    // A second video while the first is pending: refused, nothing more stored.
    const again = await upload(tutor, ok);
    expect(again).toMatchObject({ status: 409, body: { code: 'intro-video-exists' } });
    expect(await media()).toEqual([video.thumbnail, video.video].sort());
    const own = await api<IntroVideoPage>('GET', '/intro-video/list', { token: tutor.token });
    expect(own.body.total).toBe(1);
    expect(own.body.list[0]?.id).toBe(video.id);
  });

  it('refuses videos too short, too long or not videos at all, storing nothing', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const before = await media();
    expect(await upload(tutor, short)).toMatchObject({
      status: 400,
      body: { code: 'short-video-dur' },
    });
    expect(await upload(tutor, long)).toMatchObject({
      status: 400,
      body: { code: 'long-video-dur' },
    });
    // MP4 by its first bytes, but nothing ffprobe can read.
    expect(await upload(tutor, fakeMp4(5000))).toMatchObject({
      status: 400,
      body: { code: 'invalid-video-type' },
    });
    // Not a video by its first bytes.
    expect(await upload(tutor, new Uint8Array(5000).fill(7))).toMatchObject({
      status: 400,
      body: { code: 'invalid-video-type' },
    });
    expect(
      await uploadForm(server, 'POST', '/intro-video/with/asset', tutor, {}, { duration: '35' }),
    ).toMatchObject({ status: 400, body: { code: 'empty-request' } });
    expect(await upload(tutor, ok, 'soon')).toMatchObject({
      status: 400,
      body: { code: 'invalid-type' },
    });
    expect(await media()).toEqual(before);
    expect(await introTempDirs()).toEqual([]);
    expect(await introVideoStep(db(), tutor.id, START)).toEqual(NOT_STARTED);
  });

  it('refuses a video one byte over the cap, declared or streamed, and keeps nothing', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const before = await media();
    const over = fakeMp4(CAP + 1);
    expect(await upload(tutor, over)).toMatchObject({
      status: 413,
      body: { code: 'large-file-size' },
    });
    // Without a declared length the parser's cap stops it while it is read.
    const chunked = await uploadChunked(
      server,
      'POST',
      '/intro-video/with/asset',
      tutor,
      'video',
      over,
    );
    expect(chunked).toMatchObject({ status: 413, body: { code: 'large-file-size' } });
    expect(await media()).toEqual(before);
    expect(await introTempDirs()).toEqual([]);
    // A real video under the cap still goes through afterwards.
    expect((await upload(tutor, ok)).status).toBe(201);
  });

  it('lets one of two uploads at once win; the other stores nothing', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const before = await media();
    const answers = await Promise.all([upload(tutor, ok), upload(tutor, ok)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.status === 201)!.body as unknown as IntroVideoView;
    expect(await media()).toEqual([...before, won.video, won.thumbnail].sort());
  });

  it('is for tutors only', async () => {
    for (const role of [Role.Student, Role.TutorManager, Role.Studio, Role.SuperAdmin]) {
      const caller = await signedInUser(server, role);
      expect((await upload(caller, ok)).status).toBe(403);
    }
    expect((await upload(null, ok)).status).toBe(401);
  });
});

describe('PUT /intro-video/{id}', () => {
  it('approves: the profile shows the video, it turns public and the hook runs', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const manager = await signedInUser(server, Role.TutorManager);
    const video = (await upload(tutor, ok)).body as unknown as IntroVideoView;
    // Private while pending: no token, another tutor or a student may not play it.
    const path = `/assets/media/${video.video}`;
    expect((await api('GET', path)).status).toBe(401);
    const stranger = await signedInUser(server, Role.Tutor);
    expect((await api('GET', path, { token: stranger.token })).status).toBe(403);
    const student = await signedInUser(server, Role.Student);
    expect((await api('GET', path, { token: student.token })).status).toBe(403);
    const url = `${server.baseUrl}/api/v1${path}`;
    expect(await statusOf(url, { authorization: `Bearer ${tutor.token}` })).toBe(200);
    expect(await statusOf(url, { authorization: `Bearer ${manager.token}` })).toBe(200);
    // A tampered link is no link.
    const tampered = video.videoUrl.replace(/signature=.{4}/, 'signature=AAAA');
    expect(await statusOf(`${server.baseUrl}${tampered}`)).toBe(401);

    const approved = await review(video.id, manager, { status: ReviewStatus.Approved });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: ReviewStatus.Approved,
      reviewerId: manager.id,
      reviewedAt: START.toISOString(),
      reason: null,
    });
    expect(decided).toContainEqual([tutor.id]);
    expect(await introVideoStep(db(), tutor.id, START)).toEqual({
      state: 'passed',
      at: START,
      retryAt: null,
    });
    const [profile] = await db()
      .select({ video: tutorProfiles.video, thumbnail: tutorProfiles.thumbnail })
      .from(tutorProfiles)
      .where(eq(tutorProfiles.userId, tutor.id));
    expect(profile).toEqual({ video: video.video, thumbnail: video.thumbnail });
    const open = await fetch(`${server.baseUrl}/api/v1${path}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toContain('public');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(ok);
    // Reviewed once: a second decision is refused.
    const twice = await review(video.id, manager, {
      status: ReviewStatus.Rejected,
      reason: 'الصوت غير واضح',
    });
    expect(twice).toMatchObject({ status: 422, body: { code: 'illegal' } });
  });

  it('rejects with a reason; a new video only three months after the review', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const admin = await signedInUser(server, Role.RegularAdmin);
    const first = (await upload(tutor, ok)).body as unknown as IntroVideoView;
    const noReason = await review(first.id, admin, { status: ReviewStatus.Rejected });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'required' } });
    const tooShort = await review(first.id, admin, { status: ReviewStatus.Rejected, reason: 'لا' });
    expect(tooShort).toMatchObject({ status: 400, body: { code: 'review-reason-too-short' } });
    const pending = await review(first.id, admin, { status: ReviewStatus.Pending });
    expect(pending.status).toBe(400);

    const rejected = await review(first.id, admin, {
      status: ReviewStatus.Rejected,
      reason: 'الإضاءة ضعيفة والصوت غير واضح',
    });
    expect(rejected.status).toBe(200);
    const retryAfter = '2026-06-01T09:00:00.000Z'; // three Cairo months later (DST moved)
    expect(rejected.body).toMatchObject({
      status: ReviewStatus.Rejected,
      reason: 'الإضاءة ضعيفة والصوت غير واضح',
      retryAfter,
    });
    expect(await introVideoStep(db(), tutor.id, START)).toMatchObject({
      state: 'rejected',
      retryAt: new Date(retryAfter),
    });
    // A rejected video is still private: only its tutor and the staff.
    expect((await api('GET', `/assets/media/${first.video}`)).status).toBe(401);

    server.app.clock.now = () => new Date(new Date(retryAfter).getTime() - 1000);
    expect(await upload(tutor, ok)).toMatchObject({ status: 422, body: { code: 'illegal' } });
    server.app.clock.now = () => new Date(retryAfter);
    try {
      const second = await upload(tutor, ok);
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({
        id: first.id,
        status: ReviewStatus.Pending,
        reason: null,
        reviewerId: null,
      });
      // The rejected files are gone with it.
      const files = await media();
      expect(files).not.toContain(first.video);
      expect(files).not.toContain(first.thumbnail);
      expect((await introVideoStep(db(), tutor.id, START)).state).toBe('pending');
    } finally {
      server.app.clock.now = () => START;
    }
  });

  it('is for tutor managers and admins, and knows only existing videos', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const video = (await upload(tutor, ok)).body as unknown as IntroVideoView;
    for (const role of [Role.Tutor, Role.Student, Role.Studio]) {
      const caller = await signedInUser(server, role);
      expect((await review(video.id, caller, { status: ReviewStatus.Approved })).status).toBe(403);
    }
    const admin = await signedInUser(server, Role.SuperAdmin);
    expect(await review(2_000_000, admin, { status: ReviewStatus.Approved })).toMatchObject({
      status: 404,
      body: { code: 'intro-video-not-found' },
    });
  });
});

describe('GET /intro-video/list', () => {
  it('gives the staff the queue, filtered and paged; a tutor only their own', async () => {
    const manager = await signedInUser(server, Role.TutorManager);
    const tutors = await Promise.all(
      [0, 1, 2].map(() => signedInUser(server, Role.Tutor, { name: 'صف المراجعة' })),
    );
    const ids: number[] = [];
    for (const tutor of tutors) {
      ids.push(((await upload(tutor, ok)).body as unknown as IntroVideoView).id);
    }
    const page = (query: string) =>
      api<IntroVideoPage>('GET', `/intro-video/list?${query}`, { token: manager.token });
    const all = await page(
      `status=${ReviewStatus.Pending}&search=${encodeURIComponent('صف المراجعة')}&size=2`,
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.list.map((video) => video.id)).toEqual(ids.slice(0, 2));
    const second = await page(
      `status=${ReviewStatus.Pending}&search=${encodeURIComponent('صف المراجعة')}&size=2&page=2`,
    );
    expect(second.body.list.map((video) => video.id)).toEqual(ids.slice(2));
    const one = await page(`tutorId=${tutors[1]!.id}`);
    expect(one.body.list.map((video) => video.id)).toEqual([ids[1]]);
    const approvedOnly = await page(`status=${ReviewStatus.Approved}&tutorId=${tutors[0]!.id}`);
    expect(approvedOnly.body.total).toBe(0);
    expect((await page('status=9')).status).toBe(400);
    // A tutor's filters never reach another tutor's video.
    const mine = await api<IntroVideoPage>('GET', `/intro-video/list?tutorId=${tutors[1]!.id}`, {
      token: tutors[0]!.token,
    });
    expect(mine.body.total).toBe(0);
    expect(
      (
        await api('GET', '/intro-video/list', {
          token: (await signedInUser(server, Role.Student)).token,
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /assets/media/{name}', () => {
  it('answers byte ranges for seeking', async () => {
    const tutor = await signedInUser(server, Role.Tutor);
    const video = (await upload(tutor, ok)).body as unknown as IntroVideoView;
    const url = `${server.baseUrl}${video.videoUrl}`;
    const get = (range?: string) => fetch(url, { headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes).toEqual(ok);
    const size = ok.length;

    const first = await get('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(ok.slice(0, 100));

    const middle = await get(`bytes=1000-`);
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(ok.slice(1000));

    const suffix = await get('bytes=-10');
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(ok.slice(size - 10));

    const past = await get(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    await past.arrayBuffer();
    // Several ranges are answered with the whole file (allowed by RFC 9110).
    const several = await get('bytes=0-1,5-6');
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(size);
    expect(
      (await api('GET', '/assets/media/00000000-0000-4000-8000-000000000000.mp4')).status,
    ).toBe(404);
  });
});
