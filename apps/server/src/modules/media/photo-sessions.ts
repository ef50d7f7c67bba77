import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, Role } from '@talaqa/domain';
import type { PhotoSession, StudioTutor } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { PhotoSessionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import { recordProfileImage } from '../assets';
import type { AssetFolder, AssetStorage } from '../assets';
import { setTutorProfileVideo } from '../tutors';
import { imageKind, receiveFile, skipFile, videoKind } from './receive';
import type { FileKind } from './receive';
import {
  findStudioTutor,
  listStudioTutors,
  listTutorsForStudio,
  lockPhotoSession,
  lockTutor,
  savePhotoSession,
} from './repo';
import type { StudioTutorRow } from './repo';

/**
 * Photo sessions and studios (issue 21 item 5; docs/decisions/313-photo-sessions-and-studios.md).
 * A studio (or an admin) uploads a tutor's image, video and thumbnail; the image becomes the
 * profile image, the video and thumbnail the profile's video. A tutor belongs to the studio that
 * first served them; other studios neither see nor serve that tutor.
 */
export interface PhotoSessionContext extends Pick<ServiceContext, 'db' | 'clock' | 'log'> {
  assets: AssetStorage;
  /** The cap of the video (config.videoMaxBytes: VIDEO_MAX_BYTES). */
  maxVideoBytes: number;
}

type Field = 'image' | 'video' | 'thumbnail';

const FIELDS: Record<
  Field,
  { folder: AssetFolder; judge: (head: Uint8Array) => FileKind | AppError }
> = {
  image: { folder: 'uploads', judge: imageKind('image') },
  video: { folder: 'media', judge: videoKind('video') },
  thumbnail: { folder: 'media', judge: imageKind('thumbnail') },
};

const capOf = (field: Field, maxVideoBytes: number): number =>
  field === 'video' ? maxVideoBytes : IMAGE_MAX_BYTES;

const isField = (name: string): name is Field => Object.hasOwn(FIELDS, name);

/** The whole form: the three files at their caps and nothing else. */
export const photoSessionMaxBytes = (maxVideoBytes: number): number =>
  maxVideoBytes + 2 * IMAGE_MAX_BYTES;

/**
 * The parser's limits: one cap for every file (the largest, the video's); each image part is
 * held to its own smaller cap by the store's write (`put` with the field's cap).
 */
const formLimits = (maxVideoBytes: number) => ({
  fileSize: Math.max(maxVideoBytes, IMAGE_MAX_BYTES),
  files: 3,
  fields: 0,
  parts: 3,
});

export const photoSessionView = (row: PhotoSessionRow): PhotoSession => ({
  studioId: row.studioId,
  image: row.image,
  video: row.video,
  thumbnail: row.thumbnail,
  uploadedBy: row.uploadedBy,
  updatedAt: row.updatedAt.toISOString(),
});

const studioTutorView = (row: StudioTutorRow): StudioTutor => ({
  id: row.id,
  name: row.name,
  email: row.email,
  image: row.image,
  phone: row.phone,
  photoSession: row.photoSession ? photoSessionView(row.photoSession) : null,
});

/** A studio may serve a tutor no other studio has served. */
function assertMayServe(caller: Identity, session: { studioId: number | null } | null): void {
  if (isAdmin(caller)) return;
  if (session?.studioId != null && session.studioId !== caller.userId) {
    throw new AppError('forbidden', "Another studio's tutor");
  }
}

/**
 * Inside the caller's transaction: the photo-session video of a tutor, if a session gave one (an
 * approved intro video then leaves the profile's video alone). Locks the session's row.
 */
export async function findPhotoSessionVideo(tx: Database, tutorId: number): Promise<string | null> {
  const session = await lockPhotoSession(tx, tutorId);
  return session?.video ?? null;
}

type Stored = Partial<Record<Field, { name: string; bytes: number }>>;

/** Streams each part of the form to the store under its own cap; refuses the lot on any fault. */
async function receiveParts(ctx: PhotoSessionContext, request: FastifyRequest): Promise<Stored> {
  const stored: Stored = {};
  let failure: unknown;
  const limits = formLimits(ctx.maxVideoBytes);
  for await (const part of request.files({ limits, throwFileSizeLimit: false })) {
    const field = part.fieldname;
    if (failure || !isField(field) || stored[field]) {
      failure ??= new AppError('bad-request', `Unexpected file ${field}`);
      await skipFile(part.file);
      continue;
    }
    const { folder, judge } = FIELDS[field];
    const maxBytes = capOf(field, ctx.maxVideoBytes);
    try {
      stored[field] = await receiveFile(field, part.file, maxBytes, judge, (body, kind) =>
        ctx.assets.put(folder, body, kind.extension, { maxBytes, contentType: kind.contentType }),
      );
    } catch (error) {
      failure = error;
    }
  }
  if (!failure && Object.keys(stored).length === 0) {
    failure = new AppError('empty-request', 'No image, video or thumbnail in the form');
  }
  if (failure) {
    await removeStored(ctx, stored);
    throw failure;
  }
  return stored;
}

async function removeStored(ctx: PhotoSessionContext, stored: Stored): Promise<void> {
  for (const field of Object.keys(stored) as Field[]) {
    const file = stored[field];
    if (!file) continue;
    await ctx.assets.remove(FIELDS[field].folder, file.name).catch((error: unknown) => {
      ctx.log.warn({ err: error, name: file.name }, 'could not delete a refused upload');
    });
  }
}

/**
 * PUT /user/asset/tutor?tutorId=: checks the caller may serve the tutor before reading the body,
 * streams the files to the store, then records them in one transaction under the tutor's lock
 * (checked again: two studios at once, one wins). Replaced files are deleted after the commit.
 */
export async function uploadPhotoSession(
  ctx: PhotoSessionContext,
  request: FastifyRequest,
  caller: Identity,
  tutorId: number,
): Promise<StudioTutor> {
  const tutor = await findStudioTutor(ctx.db, tutorId);
  if (!tutor) throw new AppError('tutor-not-found');
  assertMayServe(caller, tutor.photoSession);
  const stored = await receiveParts(ctx, request);
  let replaced: { folder: AssetFolder; name: string }[];
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const locked = await lockTutor(tx, tutorId);
      if (locked?.role !== Role.Tutor) throw new AppError('tutor-not-found');
      const before = await lockPhotoSession(tx, tutorId);
      assertMayServe(caller, before);
      const gone: { folder: AssetFolder; name: string }[] = [];
      if (stored.image) {
        const { previous } = await recordProfileImage(tx, tutorId, stored.image);
        if (previous) gone.push({ folder: 'uploads', name: previous });
      }
      const video = stored.video?.name ?? before?.video ?? null;
      const thumbnail = stored.thumbnail?.name ?? before?.thumbnail ?? null;
      for (const field of ['video', 'thumbnail'] as const) {
        const old = before?.[field];
        if (stored[field] && old) gone.push({ folder: 'media', name: old });
      }
      await savePhotoSession(tx, {
        tutorId,
        studioId: before?.studioId ?? (caller.role === Role.Studio ? caller.userId : null),
        image: stored.image?.name ?? before?.image ?? null,
        video,
        thumbnail,
        uploadedBy: caller.userId,
        updatedAt: ctx.clock.now(),
      });
      if (video) await setTutorProfileVideo(tx, tutorId, { video, thumbnail });
      return gone;
    });
  } catch (error) {
    await removeStored(ctx, stored);
    throw error;
  }
  for (const file of replaced) {
    await ctx.assets.remove(file.folder, file.name).catch((error: unknown) => {
      ctx.log.warn({ err: error, name: file.name }, 'could not delete a replaced file');
    });
  }
  const saved = await findStudioTutor(ctx.db, tutorId);
  if (!saved) throw new AppError('tutor-not-found');
  return studioTutorView(saved);
}

/** GET /user/tutor/{tutorId}/for/studio */
export async function studioTutor(
  db: Database,
  caller: Identity,
  tutorId: number,
): Promise<StudioTutor> {
  const tutor = await findStudioTutor(db, tutorId);
  if (!tutor) throw new AppError('tutor-not-found');
  assertMayServe(caller, tutor.photoSession);
  return studioTutorView(tutor);
}

/** GET /user/tutor/all/for/studio */
export async function tutorsForStudio(
  db: Database,
  caller: Identity,
  filters: { search?: string; waiting?: boolean; page: number; size: number },
) {
  const page = await listTutorsForStudio(db, {
    ...filters,
    ...(isAdmin(caller) ? {} : { studioId: caller.userId }),
  });
  return { list: page.list.map(studioTutorView), total: page.total };
}

/** GET /user/studio/list: a studio sees its own tutors only; admins any studio's, or all. */
export async function studioTutors(
  db: Database,
  caller: Identity,
  filters: { studioId?: number; search?: string; page: number; size: number },
) {
  if (!isAdmin(caller) && filters.studioId !== undefined && filters.studioId !== caller.userId) {
    throw new AppError('forbidden', "Another studio's list");
  }
  const studioId = isAdmin(caller) ? filters.studioId : caller.userId;
  const page = await listStudioTutors(db, { ...filters, studioId });
  return { list: page.list.map(studioTutorView), total: page.total };
}
