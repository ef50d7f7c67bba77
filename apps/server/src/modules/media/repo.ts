import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ReviewStatus, Role } from '@talaqa/domain';
import type { FileUse, IntroVideoListFilters } from '@talaqa/domain';
import type { Database } from '../../db';
import { introVideos, photoSessions, tutorProfiles, users } from '../../db/schema';
import type { IntroVideoRow, PhotoSessionRow } from '../../db/schema';

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
};

export interface Person {
  id: number;
  name: string;
  email: string;
  image: string | null;
}

export type IntroVideoWithTutor = IntroVideoRow & { tutor: Person };

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchOf = (search: string | undefined): SQL | undefined =>
  search
    ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search)))
    : undefined;

export async function findIntroVideoOf(
  db: Database,
  tutorId: number,
): Promise<IntroVideoRow | null> {
  const [row] = await db.select().from(introVideos).where(eq(introVideos.tutorId, tutorId));
  return row ?? null;
}

export async function findIntroVideo(
  db: Database,
  id: number,
): Promise<IntroVideoWithTutor | null> {
  const [row] = await db
    .select({ video: introVideos, tutor: personColumns })
    .from(introVideos)
    .innerJoin(users, eq(users.id, introVideos.tutorId))
    .where(eq(introVideos.id, id));
  return row ? { ...row.video, tutor: row.tutor } : null;
}

/** Locks the tutor's user row: one upload of theirs at a time decides (role read with it). */
export async function lockTutor(tx: Database, tutorId: number): Promise<{ role: number } | null> {
  const [row] = await tx
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, tutorId))
    .for('update');
  return row ?? null;
}

export type NewIntroVideo = Pick<
  IntroVideoRow,
  'tutorId' | 'durationMs' | 'video' | 'thumbnail' | 'bytes' | 'createdAt'
>;

export async function insertIntroVideo(tx: Database, video: NewIntroVideo): Promise<number> {
  const [row] = await tx
    .insert(introVideos)
    .values({ ...video, status: ReviewStatus.Pending, updatedAt: video.createdAt })
    .returning({ id: introVideos.id });
  if (!row) throw new Error('intro video not inserted');
  return row.id;
}

/** A rejected video replaced by a new upload: pending again, its review forgotten. */
export async function replaceRejectedIntroVideo(
  tx: Database,
  id: number,
  video: NewIntroVideo,
): Promise<boolean> {
  const rows = await tx
    .update(introVideos)
    .set({
      ...video,
      status: ReviewStatus.Pending,
      reason: null,
      reviewerId: null,
      reviewedAt: null,
      updatedAt: video.createdAt,
    })
    .where(and(eq(introVideos.id, id), eq(introVideos.status, ReviewStatus.Rejected)))
    .returning({ id: introVideos.id });
  return rows.length > 0;
}

/** Reviews a pending video (a guarded update: a video reviewed meanwhile is not changed). */
export async function reviewIntroVideo(
  tx: Database,
  id: number,
  review: { status: ReviewStatus; reason: string | null; reviewerId: number; at: Date },
): Promise<IntroVideoRow | null> {
  const [row] = await tx
    .update(introVideos)
    .set({
      status: review.status,
      reason: review.reason,
      reviewerId: review.reviewerId,
      reviewedAt: review.at,
      updatedAt: review.at,
    })
    .where(and(eq(introVideos.id, id), eq(introVideos.status, ReviewStatus.Pending)))
    .returning();
  return row ?? null;
}

/** One page of intro videos, oldest first (the review queue's order), with the total. */
export async function listIntroVideos(
  db: Database,
  filters: IntroVideoListFilters & { onlyTutorId?: number },
): Promise<{ list: IntroVideoWithTutor[]; total: number }> {
  const where = and(
    filters.onlyTutorId !== undefined ? eq(introVideos.tutorId, filters.onlyTutorId) : undefined,
    filters.tutorId !== undefined ? eq(introVideos.tutorId, filters.tutorId) : undefined,
    filters.status !== undefined ? eq(introVideos.status, filters.status) : undefined,
    searchOf(filters.search),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ video: introVideos, tutor: personColumns })
      .from(introVideos)
      .innerJoin(users, eq(users.id, introVideos.tutorId))
      .where(where)
      .orderBy(asc(introVideos.createdAt), asc(introVideos.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db
      .select({ total: count() })
      .from(introVideos)
      .innerJoin(users, eq(users.id, introVideos.tutorId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...row.video, tutor: row.tutor })),
    total: counted?.total ?? 0,
  };
}

/** Who may see a stored media file: public once published, else its tutor (and the staff). */
export interface MediaAudience {
  public: boolean;
  tutorId: number | null;
}

/**
 * The audience of a media file by what refers to it: a tutor profile or a photo session publishes
 * it; an intro video publishes it once approved. Nothing refers to it: null (not served).
 */
export async function mediaAudienceOf(db: Database, name: string): Promise<MediaAudience | null> {
  const [profile] = await db
    .select({ tutorId: tutorProfiles.userId })
    .from(tutorProfiles)
    .where(or(eq(tutorProfiles.video, name), eq(tutorProfiles.thumbnail, name)))
    .limit(1);
  if (profile) return { public: true, tutorId: profile.tutorId };
  const [session] = await db
    .select({ tutorId: photoSessions.tutorId })
    .from(photoSessions)
    .where(or(eq(photoSessions.video, name), eq(photoSessions.thumbnail, name)))
    .limit(1);
  if (session) return { public: true, tutorId: session.tutorId };
  const [video] = await db
    .select({ tutorId: introVideos.tutorId, status: introVideos.status })
    .from(introVideos)
    .where(or(eq(introVideos.video, name), eq(introVideos.thumbnail, name)))
    .limit(1);
  if (video) return { public: video.status === ReviewStatus.Approved, tutorId: video.tutorId };
  return null;
}

// Photo sessions

export interface StudioTutorRow extends Person {
  phone: string | null;
  photoSession: PhotoSessionRow | null;
}

const studioTutorColumns = { ...personColumns, phone: users.phone };

const toStudioTutor = (row: {
  person: Person & { phone: string | null };
  session: PhotoSessionRow | null;
}): StudioTutorRow => ({ ...row.person, photoSession: row.session });

export async function findStudioTutor(
  db: Database,
  tutorId: number,
): Promise<StudioTutorRow | null> {
  const [row] = await db
    .select({ person: studioTutorColumns, session: photoSessions })
    .from(users)
    .leftJoin(photoSessions, eq(photoSessions.tutorId, users.id))
    .where(and(eq(users.id, tutorId), eq(users.role, Role.Tutor)));
  return row ? toStudioTutor(row) : null;
}

async function pageOfStudioTutors(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: { page: number; size: number },
  inner: boolean,
): Promise<{ list: StudioTutorRow[]; total: number }> {
  const base = db.select({ person: studioTutorColumns, session: photoSessions }).from(users);
  const joined = inner
    ? base.innerJoin(photoSessions, eq(photoSessions.tutorId, users.id))
    : base.leftJoin(photoSessions, eq(photoSessions.tutorId, users.id));
  const counter = db.select({ total: count() }).from(users);
  const countJoined = inner
    ? counter.innerJoin(photoSessions, eq(photoSessions.tutorId, users.id))
    : counter.leftJoin(photoSessions, eq(photoSessions.tutorId, users.id));
  const [rows, [counted]] = await Promise.all([
    joined
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    countJoined.where(where),
  ]);
  return { list: rows.map(toStudioTutor), total: counted?.total ?? 0 };
}

/**
 * Tutors a studio may serve: those without a photo session or without a studio, and the studio's
 * own (`studioId` undefined: every tutor, for admins). Waiting tutors first, oldest account first.
 */
export function listTutorsForStudio(
  db: Database,
  filters: { studioId?: number; search?: string; waiting?: boolean; page: number; size: number },
): Promise<{ list: StudioTutorRow[]; total: number }> {
  const where = and(
    eq(users.role, Role.Tutor),
    filters.studioId !== undefined
      ? or(isNull(photoSessions.studioId), eq(photoSessions.studioId, filters.studioId))
      : undefined,
    filters.waiting ? isNull(photoSessions.tutorId) : undefined,
    searchOf(filters.search),
  );
  return pageOfStudioTutors(
    db,
    where,
    [sql`${photoSessions.tutorId} is not null`, asc(users.createdAt), asc(users.id)],
    filters,
    false,
  );
}

/** A studio's tutors (`studioId` undefined: every photo session), latest session first. */
export function listStudioTutors(
  db: Database,
  filters: { studioId?: number; search?: string; page: number; size: number },
): Promise<{ list: StudioTutorRow[]; total: number }> {
  const where = and(
    filters.studioId !== undefined ? eq(photoSessions.studioId, filters.studioId) : undefined,
    searchOf(filters.search),
  );
  return pageOfStudioTutors(
    db,
    where,
    [desc(photoSessions.updatedAt), asc(users.id)],
    filters,
    true,
  );
}

export async function lockPhotoSession(
  tx: Database,
  tutorId: number,
): Promise<PhotoSessionRow | null> {
  const [row] = await tx
    .select()
    .from(photoSessions)
    .where(eq(photoSessions.tutorId, tutorId))
    .for('update');
  return row ?? null;
}

export async function savePhotoSession(
  tx: Database,
  session: Omit<PhotoSessionRow, 'createdAt'>,
): Promise<void> {
  await tx
    .insert(photoSessions)
    .values(session)
    .onConflictDoUpdate({ target: photoSessions.tutorId, set: session });
}

// Stored files (issue 23 item 5): what media uses, for the admin's list of stored files.

/** `column` is one of `names` (all rows when `names` is undefined). */
const named = (column: AnyPgColumn, names: readonly string[] | undefined): SQL | undefined =>
  names === undefined ? undefined : inArray(column, [...names]);

/**
 * Every stored file the tutor profiles, intro videos and photo sessions refer to (only those in
 * `names`, when given): videos and thumbnails in `media`, a photo session's portrait in `uploads`.
 */
export async function mediaFileUses(db: Database, names?: readonly string[]): Promise<FileUse[]> {
  if (names?.length === 0) return [];
  const uses: FileUse[] = [];
  const profiles = await db
    .select({
      ownerId: tutorProfiles.userId,
      video: tutorProfiles.video,
      thumbnail: tutorProfiles.thumbnail,
    })
    .from(tutorProfiles)
    .where(
      names === undefined
        ? or(isNotNull(tutorProfiles.video), isNotNull(tutorProfiles.thumbnail))
        : or(named(tutorProfiles.video, names), named(tutorProfiles.thumbnail, names)),
    );
  for (const row of profiles) {
    if (row.video) {
      uses.push({
        folder: 'media',
        name: row.video,
        ownerId: row.ownerId,
        use: 'tutor-video',
        poster: row.thumbnail,
      });
    }
    if (row.thumbnail) {
      uses.push({
        folder: 'media',
        name: row.thumbnail,
        ownerId: row.ownerId,
        use: 'tutor-thumbnail',
      });
    }
  }
  const videos = await db
    .select({
      ownerId: introVideos.tutorId,
      video: introVideos.video,
      thumbnail: introVideos.thumbnail,
    })
    .from(introVideos)
    .where(
      names === undefined
        ? undefined
        : or(named(introVideos.video, names), named(introVideos.thumbnail, names)),
    );
  for (const row of videos) {
    uses.push({
      folder: 'media',
      name: row.video,
      ownerId: row.ownerId,
      use: 'intro-video',
      poster: row.thumbnail,
    });
    uses.push({
      folder: 'media',
      name: row.thumbnail,
      ownerId: row.ownerId,
      use: 'intro-thumbnail',
    });
  }
  const sessions = await db
    .select({
      ownerId: photoSessions.tutorId,
      image: photoSessions.image,
      video: photoSessions.video,
      thumbnail: photoSessions.thumbnail,
    })
    .from(photoSessions)
    .where(
      names === undefined
        ? undefined
        : or(
            named(photoSessions.image, names),
            named(photoSessions.video, names),
            named(photoSessions.thumbnail, names),
          ),
    );
  for (const row of sessions) {
    if (row.image) {
      uses.push({
        folder: 'uploads',
        name: row.image,
        ownerId: row.ownerId,
        use: 'photo-session-image',
      });
    }
    if (row.video) {
      uses.push({
        folder: 'media',
        name: row.video,
        ownerId: row.ownerId,
        use: 'photo-session-video',
        poster: row.thumbnail,
      });
    }
    if (row.thumbnail) {
      uses.push({
        folder: 'media',
        name: row.thumbnail,
        ownerId: row.ownerId,
        use: 'photo-session-thumbnail',
      });
    }
  }
  // With `names`, a row matched by one column brings its others along: keep only those asked.
  if (names === undefined) return uses;
  const asked = new Set(names);
  return uses.filter((use) => asked.has(use.name));
}
