import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  INTRO_VIDEO_MAX_SECONDS,
  INTRO_VIDEO_MIN_SECONDS,
  introVideoRetryAt,
  introVideoStepOf,
  introVideoUploadProblem,
  ReviewStatus,
  Role,
  uploadedDurationSchema,
} from '@talaqa/domain';
import type {
  IntroVideoListFilters,
  StepState,
  IntroVideoView,
  ReviewIntroVideoBody,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import type { VideoTools } from '../../integrations/ffmpeg';
import { diskStorage } from '../assets';
import type { AssetStorage } from '../assets';
import { setTutorProfileVideo } from '../tutors';
import { signedMediaPath } from './links';
import { receiveFile, skipFile, videoKind } from './receive';
import {
  findIntroVideo,
  findIntroVideoOf,
  insertIntroVideo,
  listIntroVideos,
  lockTutor,
  replaceRejectedIntroVideo,
  reviewIntroVideo,
} from './repo';
import type { IntroVideoWithTutor } from './repo';
import { findPhotoSessionVideo } from './photo-sessions';

/**
 * Intro videos (issue 21 item 2; docs/decisions/312-intro-video.md). The rules are the domain's
 * (media/rules.ts); this file receives the upload, measures it, stores it and reviews it.
 */
export interface IntroVideoContext extends Pick<ServiceContext, 'db' | 'clock' | 'log'> {
  assets: AssetStorage;
  tools: VideoTools;
  /** Signs the links to private media (the server's JWT secret). */
  secret: string;
  /** The cap of a video upload (config.videoMaxBytes: VIDEO_MAX_BYTES). */
  maxVideoBytes: number;
}

/** The multipart form of an intro video: the duration field and one video. */
const formLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 2,
  fieldSize: 64,
  parts: 3,
});

/** Where the thumbnail is taken: one second in, or the middle of a shorter video. */
const thumbnailAt = (seconds: number): number => Math.min(1, seconds / 2);

export function introVideoView(
  video: IntroVideoWithTutor,
  secret: string,
  now: Date,
): IntroVideoView {
  const retryAt = introVideoRetryAt(video);
  return {
    id: video.id,
    tutorId: video.tutorId,
    tutor: video.tutor,
    status: video.status,
    durationSeconds: video.durationMs / 1000,
    video: video.video,
    thumbnail: video.thumbnail,
    videoUrl: signedMediaPath(secret, video.video, now),
    thumbnailUrl: signedMediaPath(secret, video.thumbnail, now),
    reason: video.reason,
    reviewerId: video.reviewerId,
    reviewedAt: video.reviewedAt?.toISOString() ?? null,
    retryAfter: retryAt?.toISOString() ?? null,
    createdAt: video.createdAt.toISOString(),
  };
}

/** The intro-video step of a tutor's onboarding (for the onboarding module). */
export async function introVideoStep(db: Database, tutorId: number, now: Date): Promise<StepState> {
  return introVideoStepOf(await findIntroVideoOf(db, tutorId), now);
}

function assertMayUpload(existing: Awaited<ReturnType<typeof findIntroVideoOf>>, now: Date): void {
  const problem = introVideoUploadProblem(existing, now);
  if (problem === 'intro-video-exists') {
    throw new AppError('intro-video-exists', 'The tutor already has an intro video');
  }
  if (problem === 'illegal') {
    throw new AppError('illegal', 'A new video may be uploaded three months after the rejection');
  }
}

interface ReceivedVideo {
  path: string;
  bytes: number;
  extension: string;
  contentType: string;
}

/** The video and the duration field of the form; the video lands in `dir` (a temp folder). */
async function receiveIntroVideo(
  request: FastifyRequest,
  dir: string,
  maxBytes: number,
): Promise<ReceivedVideo> {
  const scratch = diskStorage(dir);
  let received: ReceivedVideo | undefined;
  let failure: unknown;
  // `parts()` reads throwFileSizeLimit as `file()` does; its type only lacks it.
  const options = { limits: formLimits(maxBytes), throwFileSizeLimit: false };
  for await (const part of request.parts(options as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type === 'field') {
      // The browser's measure is read (it must be a number) but never trusted: ffprobe decides.
      if (part.fieldname === 'duration' && !uploadedDurationSchema.safeParse(part.value).success) {
        failure ??= new AppError('invalid-type', 'The duration must be a number of seconds', {
          fields: [{ path: 'duration', code: 'invalid-type' }],
        });
      }
      continue;
    }
    if (part.fieldname !== 'video' || failure || received) {
      await skipFile(part.file);
      continue;
    }
    try {
      received = await receiveFile(
        'video',
        part.file,
        maxBytes,
        videoKind('video'),
        async (body, kind) => {
          const put = await scratch.put('media', body, kind.extension, { maxBytes });
          return { path: join(dir, 'media', put.name), bytes: put.bytes, ...kind };
        },
      );
    } catch (error) {
      failure = error;
    }
  }
  if (failure) throw failure;
  if (!received) throw new AppError('empty-request', 'No video in the form');
  return received;
}

/**
 * POST /intro-video/with/asset: refuses at once a tutor who may not upload (before the body is
 * read), receives the video into a temp folder under the cap, measures it with ffprobe (30 to 120
 * seconds), takes a thumbnail with ffmpeg, copies both to the store and records the video in one
 * transaction under the tutor's lock (checked again there: two uploads at once, one wins). The
 * files of a refused or lost upload are deleted; a replaced rejected video's after the commit.
 */
export async function uploadIntroVideo(
  ctx: IntroVideoContext,
  request: FastifyRequest,
  tutorId: number,
): Promise<IntroVideoView> {
  assertMayUpload(await findIntroVideoOf(ctx.db, tutorId), ctx.clock.now());
  const dir = await mkdtemp(join(tmpdir(), 'talaqa-intro-'));
  const stored: string[] = [];
  try {
    const file = await receiveIntroVideo(request, dir, ctx.maxVideoBytes);
    const probe = await ctx.tools.probe(file.path);
    if (!probe) {
      throw new AppError('invalid-video-type', 'The file holds no video we can play', {
        fields: [{ path: 'video', code: 'invalid-video-type' }],
      });
    }
    if (probe.durationSeconds < INTRO_VIDEO_MIN_SECONDS) {
      throw new AppError('short-video-dur', `Shorter than ${INTRO_VIDEO_MIN_SECONDS} seconds`);
    }
    if (probe.durationSeconds > INTRO_VIDEO_MAX_SECONDS) {
      throw new AppError('long-video-dur', `Longer than ${INTRO_VIDEO_MAX_SECONDS} seconds`);
    }
    const thumbnailPath = join(dir, 'thumbnail.jpg');
    await ctx.tools.thumbnail(file.path, thumbnailPath, thumbnailAt(probe.durationSeconds));
    const video = await ctx.assets.put('media', createReadStream(file.path), file.extension, {
      maxBytes: ctx.maxVideoBytes,
      contentType: file.contentType,
    });
    stored.push(video.name);
    const thumbnail = await ctx.assets.put('media', createReadStream(thumbnailPath), 'jpg', {
      maxBytes: ctx.maxVideoBytes,
      contentType: 'image/jpeg',
    });
    stored.push(thumbnail.name);
    const now = ctx.clock.now();
    const { id, previous } = await ctx.db.transaction(async (tx) => {
      const tutor = await lockTutor(tx, tutorId);
      if (tutor?.role !== Role.Tutor) throw new AppError('tutor-not-found');
      const existing = await findIntroVideoOf(tx, tutorId);
      assertMayUpload(existing, now);
      const row = {
        tutorId,
        durationMs: Math.round(probe.durationSeconds * 1000),
        video: video.name,
        thumbnail: thumbnail.name,
        bytes: video.bytes,
        createdAt: now,
      };
      if (!existing) return { id: await insertIntroVideo(tx, row), previous: null };
      if (!(await replaceRejectedIntroVideo(tx, existing.id, row))) {
        throw new AppError('intro-video-exists', 'The tutor already has an intro video');
      }
      return { id: existing.id, previous: existing };
    });
    stored.length = 0;
    if (previous) await removeFiles(ctx, [previous.video, previous.thumbnail]);
    const saved = await findIntroVideo(ctx.db, id);
    if (!saved) throw new AppError('intro-video-not-found');
    return introVideoView(saved, ctx.secret, now);
  } catch (error) {
    await removeFiles(ctx, stored);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function removeFiles(ctx: Pick<IntroVideoContext, 'assets' | 'log'>, names: string[]) {
  for (const name of names) {
    await ctx.assets.remove('media', name).catch((error: unknown) => {
      ctx.log.warn({ err: error, name }, 'could not delete a media file');
    });
  }
}

const isStaff = (caller: Identity): boolean =>
  caller.role === Role.TutorManager ||
  caller.role === Role.SuperAdmin ||
  caller.role === Role.RegularAdmin;

/** GET /intro-video/list: a tutor's own; the staff's queue. */
export async function listIntroVideosFor(
  ctx: Pick<IntroVideoContext, 'db' | 'clock' | 'secret'>,
  caller: Identity,
  filters: IntroVideoListFilters,
) {
  const page = await listIntroVideos(ctx.db, {
    ...filters,
    ...(isStaff(caller) ? {} : { onlyTutorId: caller.userId }),
  });
  const now = ctx.clock.now();
  return {
    list: page.list.map((video) => introVideoView(video, ctx.secret, now)),
    total: page.total,
  };
}

/**
 * PUT /intro-video/{id}: approves or rejects a pending video. An approved video becomes the
 * profile's video unless a photo session gave the profile one; `onApproved` runs after the
 * commit (the route emits OnboardingStepChanged).
 */
export async function reviewIntroVideoAs(
  ctx: Pick<IntroVideoContext, 'db' | 'clock' | 'secret'>,
  reviewer: Identity,
  id: number,
  body: ReviewIntroVideoBody,
): Promise<{ view: IntroVideoView; approved: boolean }> {
  const now = ctx.clock.now();
  const approved = body.status === ReviewStatus.Approved;
  await ctx.db.transaction(async (tx) => {
    const existing = await findIntroVideo(tx, id);
    if (!existing) throw new AppError('intro-video-not-found');
    const reviewed = await reviewIntroVideo(tx, id, {
      status: body.status,
      reason: approved ? null : (body.reason?.trim() ?? null),
      reviewerId: reviewer.userId,
      at: now,
    });
    if (!reviewed) throw new AppError('illegal', 'Only a pending intro video is reviewed');
    if (approved && !(await findPhotoSessionVideo(tx, reviewed.tutorId))) {
      await setTutorProfileVideo(tx, reviewed.tutorId, {
        video: reviewed.video,
        thumbnail: reviewed.thumbnail,
      });
    }
  });
  const saved = await findIntroVideo(ctx.db, id);
  if (!saved) throw new AppError('intro-video-not-found');
  return { view: introVideoView(saved, ctx.secret, now), approved };
}
