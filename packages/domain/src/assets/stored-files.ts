/**
 * Stored files (issue 23 item 5; docs/decisions/347-stored-files.md): the admin's view of every
 * file in the store (images, videos, receipts, problem reports), who uses each one and for what,
 * and the deletion of files nothing uses. Our own paths: GET /stored-file/list,
 * DELETE /stored-file/{folder}/{name}, POST /stored-file/unused/delete.
 */
import { z } from 'zod';
import { admins } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { instantSchema, queryId, queryWord } from '../contract/query-fields';
import { pageQuerySchema } from '../validation';

/** The folders of the store; every stored file lives in one of them under a generated name. */
export const ASSET_FOLDERS = ['uploads', 'receipts', 'media', 'reports'] as const;
export type AssetFolder = (typeof ASSET_FOLDERS)[number];

/** Arabic names of the folders, for the admin's filter and totals. */
export const ASSET_FOLDER_LABELS: Record<AssetFolder, string> = {
  uploads: 'الصور المرفوعة',
  receipts: 'إيصالات التحويل',
  media: 'الفيديوهات والصور المصغّرة',
  reports: 'بلاغات المشكلات',
};

/** What a stored file is used for: each owning module names the uses of its columns. */
export const FILE_USES = [
  'profile-image',
  'tutor-video',
  'tutor-thumbnail',
  'intro-video',
  'intro-thumbnail',
  'photo-session-image',
  'photo-session-video',
  'photo-session-thumbnail',
  'receipt',
  'report-screenshot',
  'report-log',
] as const;
export type FileUseKind = (typeof FILE_USES)[number];

export const FILE_USE_LABELS: Record<FileUseKind, string> = {
  'profile-image': 'صورة الحساب',
  'tutor-video': 'فيديو ملف المعلم',
  'tutor-thumbnail': 'صورة فيديو ملف المعلم',
  'intro-video': 'فيديو تعريفي',
  'intro-thumbnail': 'صورة الفيديو التعريفي',
  'photo-session-image': 'صورة جلسة التصوير',
  'photo-session-video': 'فيديو جلسة التصوير',
  'photo-session-thumbnail': 'صورة فيديو جلسة التصوير',
  receipt: 'إيصال تحويل',
  'report-screenshot': 'لقطة شاشة بلاغ',
  'report-log': 'سجل بلاغ',
};

/**
 * One use of a stored file: which folder and name, whose it is (null: nobody's, the platform's)
 * and what for. `poster` is a video's thumbnail in the same folder, when it has one.
 */
export interface FileUse {
  folder: AssetFolder;
  name: string;
  ownerId: number | null;
  use: FileUseKind;
  poster?: string | null;
}

/** What a file is, by its folder and its extension (the filter of the admin's list). */
export const FILE_KINDS = ['image', 'video', 'receipt', 'log', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  image: 'صورة',
  video: 'فيديو',
  receipt: 'إيصال',
  log: 'سجل نصي',
  other: 'ملف آخر',
};

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'svg', 'webp']);
const LOG_EXTENSIONS = new Set(['txt', 'log', 'json']);

/** The kind of a stored file: every receipt is a receipt; otherwise its extension decides. */
export function fileKindOf(folder: AssetFolder, name: string): FileKind {
  if (folder === 'receipts') return 'receipt';
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (LOG_EXTENSIONS.has(extension)) return 'log';
  return 'other';
}

/**
 * The youngest an unused file may be and still be deleted: an upload writes its file first and
 * records its use in a transaction afterwards, so a young unused file may be an upload in flight.
 */
export const UNUSED_FILE_MIN_AGE_HOURS = 1;
/** The oldest age the bulk deletion may be asked for: a year. */
export const UNUSED_FILE_MAX_AGE_HOURS = 24 * 366;

/** Whether an unused file modified at `modifiedAt` may be deleted at `now`. */
export const oldEnoughToDelete = (modifiedAt: Date, now: Date, hours = UNUSED_FILE_MIN_AGE_HOURS) =>
  now.getTime() - modifiedAt.getTime() >= hours * 3_600_000;

/** A stored file's generated name: a UUID and a short extension (the store refuses any other). */
export const STORED_FILE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,4}$/;

const folderSchema = z.enum(ASSET_FOLDERS, { error: 'invalid-type' });

export const storedFileParamsSchema = z.object({
  folder: folderSchema,
  name: z.string().max(64).regex(STORED_FILE_NAME, 'invalid-type'),
});
export type StoredFileParams = z.input<typeof storedFileParamsSchema>;

/** GET /stored-file/list: newest first; by folder, used or not, owner and kind. */
export const storedFileListQuerySchema = pageQuerySchema.extend({
  folder: queryWord(ASSET_FOLDERS),
  state: queryWord(['used', 'unused'] as const),
  ownerId: queryId(),
  kind: queryWord(FILE_KINDS),
});
export type StoredFileListQuery = z.input<typeof storedFileListQuerySchema>;
export type StoredFileFilters = z.output<typeof storedFileListQuerySchema>;

const useSchema = z.object({
  use: z.enum(FILE_USES),
  ownerId: z.number().int().nullable(),
});

export const storedFileSchema = z.object({
  folder: z.enum(ASSET_FOLDERS),
  name: z.string(),
  bytes: z.number().int(),
  modifiedAt: instantSchema,
  kind: z.enum(FILE_KINDS),
  uses: z.array(useSchema),
  /** The owner of its first use (every use of a file has the same owner in practice). */
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A video's thumbnail (same folder), for its preview. */
  poster: z.string().nullable(),
  /**
   * Where the existing serving opens it (a path under /api/v1), or null where it serves nothing:
   * receipts and media are served only while something uses them.
   */
  link: z.string().nullable(),
  /** Unused and old enough to delete. */
  deletable: z.boolean(),
});
export type StoredFile = z.output<typeof storedFileSchema>;

export const folderTotalSchema = z.object({
  folder: z.enum(ASSET_FOLDERS),
  count: z.number().int(),
  bytes: z.number().int(),
  unusedCount: z.number().int(),
  unusedBytes: z.number().int(),
});
export type FolderTotal = z.output<typeof folderTotalSchema>;

export const storedFilePageSchema = z.object({
  list: z.array(storedFileSchema),
  /** How many files match the filters. */
  total: z.number().int(),
  /** Every folder's files, whatever the filters. */
  folders: z.array(folderTotalSchema),
});
export type StoredFilePage = z.output<typeof storedFilePageSchema>;

/** POST /stored-file/unused/delete: unused files older than `olderThanHours`, in one folder or all. */
export const deleteUnusedBodySchema = z.object({
  olderThanHours: z
    .number({ error: 'required' })
    .int('invalid-type')
    .min(UNUSED_FILE_MIN_AGE_HOURS, 'invalid-type')
    .max(UNUSED_FILE_MAX_AGE_HOURS, 'invalid-type'),
  folder: folderSchema.optional(),
});
export type DeleteUnusedBody = z.input<typeof deleteUnusedBodySchema>;

export const deleteUnusedAnswerSchema = z.object({
  deleted: z.number().int(),
  bytes: z.number().int(),
});
export type DeleteUnusedAnswer = z.output<typeof deleteUnusedAnswerSchema>;

export const storedFileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/stored-file/list',
    summary: 'Stored files with their uses and owners, newest first, and totals per folder',
    access: admins,
    query: storedFileListQuerySchema,
    responses: { 200: storedFilePageSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/stored-file/:folder/:name',
    summary: 'Deletes one stored file nothing uses (admins)',
    description: `Refused while something uses it, and for ${String(UNUSED_FILE_MIN_AGE_HOURS)} hour after it was written (an upload may still be recording it).`,
    access: admins,
    params: storedFileParamsSchema,
    responses: { 204: noContent },
    errors: ['asset-not-found', 'asset-in-use', 'asset-too-new'],
  }),
  removeUnused: endpoint({
    method: 'POST',
    path: '/stored-file/unused/delete',
    summary: 'Deletes every stored file nothing uses, older than the hours given (admins)',
    access: admins,
    body: deleteUnusedBodySchema,
    responses: { 200: deleteUnusedAnswerSchema },
  }),
};
