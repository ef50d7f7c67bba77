import {
  API,
  API_PREFIX,
  ASSET_FOLDERS,
  fileKindOf,
  oldEnoughToDelete,
  pathOf,
  UNUSED_FILE_MIN_AGE_HOURS,
} from '@talaqa/domain';
import type {
  AssetFolder,
  DeleteUnusedAnswer,
  FileUse,
  FolderTotal,
  StoredFile,
  StoredFileFilters,
  StoredFilePage,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { recordAdminAction } from '../audit';
import { fileKey, readFileUses } from './file-uses';
import type { FileUseSource } from './file-uses';
import { userNames } from './repo';
import type { AssetStorage, ListedFile } from './storage';

/**
 * The admin's stored files (issue 23 item 5; docs/decisions/347-stored-files.md): every file in
 * the store with what uses it, and the deletion of files nothing uses.
 *
 * Safety against an upload in flight: an upload writes its file under a new name first and
 * records the name in its own transaction afterwards, so for a moment its file is in the store
 * and used by nothing. No flow gives an existing stored name a new reference except by copying
 * one it already holds (an approved intro video becomes the profile's). So a file that is unused
 * in one snapshot of every table and was written more than UNUSED_FILE_MIN_AGE_HOURS ago can
 * never become used: it is deleted; a younger one is refused (`asset-too-new`) or skipped.
 */
export interface StoredFilesContext extends Pick<ServiceContext, 'db' | 'clock' | 'log'> {
  assets: AssetStorage;
  uses: readonly FileUseSource[];
}

type Listed = ListedFile & { folder: AssetFolder };

/** One snapshot for every source (and the audit row written with it). */
const SNAPSHOT = { isolationLevel: 'repeatable read' } as const;

async function listFolder(assets: AssetStorage, folder: AssetFolder): Promise<Listed[]> {
  const files: Listed[] = [];
  for await (const file of assets.list(folder)) files.push({ ...file, folder });
  return files;
}

const listFolders = async (
  assets: AssetStorage,
  folders: readonly AssetFolder[],
): Promise<Listed[]> =>
  (await Promise.all(folders.map((folder) => listFolder(assets, folder)))).flat();

const apiPath = (path: string, name: string): string => `${API_PREFIX}${pathOf(path, { name })}`;

/**
 * Where the existing serving opens a file: uploads by name (as profiles show them); receipts and
 * media only while something uses them (their routes look the file up by its use); reports are
 * served by their own module, not here.
 */
function linkOf(folder: AssetFolder, name: string, used: boolean): string | null {
  if (folder === 'uploads') return apiPath(API.assets.file.path, name);
  if (!used) return null;
  if (folder === 'receipts') return apiPath(API.invoices.receipt.path, name);
  if (folder === 'media') return apiPath(API.media.file.path, name);
  return null;
}

function totalsOf(rows: readonly StoredFile[]): FolderTotal[] {
  return ASSET_FOLDERS.map((folder) => {
    const mine = rows.filter((row) => row.folder === folder);
    const unused = mine.filter((row) => row.uses.length === 0);
    const sum = (list: readonly StoredFile[]) => list.reduce((total, row) => total + row.bytes, 0);
    return {
      folder,
      count: mine.length,
      bytes: sum(mine),
      unusedCount: unused.length,
      unusedBytes: sum(unused),
    };
  });
}

const matches =
  (filters: StoredFileFilters) =>
  (row: StoredFile): boolean =>
    (filters.folder === undefined || row.folder === filters.folder) &&
    (filters.state === undefined || (filters.state === 'used') === row.uses.length > 0) &&
    (filters.ownerId === undefined || row.uses.some((use) => use.ownerId === filters.ownerId)) &&
    (filters.kind === undefined || row.kind === filters.kind);

/** GET /stored-file/list: one page of the files the filters match, newest first, and totals. */
export async function listStoredFiles(
  ctx: StoredFilesContext,
  filters: StoredFileFilters,
): Promise<StoredFilePage> {
  const now = ctx.clock.now();
  const files = await listFolders(ctx.assets, ASSET_FOLDERS);
  const uses = await ctx.db.transaction((tx) => readFileUses(tx, ctx.uses), {
    ...SNAPSHOT,
    accessMode: 'read only',
  });
  const rows = files.map((file): StoredFile & { ownerId: number | null } => {
    const own: FileUse[] = uses.get(fileKey(file.folder, file.name)) ?? [];
    const used = own.length > 0;
    return {
      folder: file.folder,
      name: file.name,
      bytes: file.bytes,
      modifiedAt: file.modifiedAt.toISOString(),
      kind: fileKindOf(file.folder, file.name),
      uses: own.map(({ use, ownerId }) => ({ use, ownerId })),
      owner: null,
      ownerId: own.find((use) => use.ownerId !== null)?.ownerId ?? null,
      poster: own.find((use) => use.poster)?.poster ?? null,
      link: linkOf(file.folder, file.name, used),
      deletable: !used && oldEnoughToDelete(file.modifiedAt, now),
    };
  });
  const found = rows
    .filter(matches(filters))
    .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
  const page = found.slice((filters.page - 1) * filters.size, filters.page * filters.size);
  const names = await userNames(ctx.db, [
    ...new Set(page.flatMap((row) => (row.ownerId === null ? [] : [row.ownerId]))),
  ]);
  return {
    list: page.map(({ ownerId, ...row }) => {
      const name = ownerId === null ? undefined : names.get(ownerId);
      return {
        ...row,
        owner: ownerId !== null && name !== undefined ? { id: ownerId, name } : null,
      };
    }),
    total: found.length,
    folders: totalsOf(rows),
  };
}

/**
 * In one REPEATABLE READ transaction: reads the file's uses; when there are none, writes the
 * audit row and deletes the file from the store (a failed delete rolls the row back).
 */
async function removeIfUnused(
  ctx: StoredFilesContext,
  caller: Identity,
  file: Listed,
  now: Date,
): Promise<'deleted' | 'in-use' | 'gone'> {
  return ctx.db.transaction(async (tx) => {
    const uses = await readFileUses(tx, ctx.uses, [file.name]);
    if ((uses.get(fileKey(file.folder, file.name)) ?? []).length > 0) return 'in-use';
    // Deleted meanwhile (another admin): no second row for it.
    if (!(await ctx.assets.stat(file.folder, file.name))) return 'gone';
    await recordAdminAction(
      tx,
      {
        actorId: caller.userId,
        action: 'file.delete',
        targetId: null,
        details: {
          folder: file.folder,
          name: file.name,
          bytes: file.bytes,
          modifiedAt: file.modifiedAt.toISOString(),
        },
      },
      now,
    );
    await ctx.assets.remove(file.folder, file.name);
    return 'deleted';
  }, SNAPSHOT);
}

/** DELETE /stored-file/{folder}/{name}: one file nothing uses, written over an hour ago. */
export async function deleteStoredFile(
  ctx: StoredFilesContext,
  caller: Identity,
  folder: AssetFolder,
  name: string,
): Promise<void> {
  const now = ctx.clock.now();
  const file = await ctx.assets.stat(folder, name);
  if (!file) throw new AppError('asset-not-found');
  if (!oldEnoughToDelete(file.modifiedAt, now)) {
    throw new AppError(
      'asset-too-new',
      `Written less than ${String(UNUSED_FILE_MIN_AGE_HOURS)} hour ago: an upload may be recording it`,
    );
  }
  const outcome = await removeIfUnused(ctx, caller, { ...file, folder }, now);
  if (outcome === 'in-use') throw new AppError('asset-in-use', 'Something uses this file');
  if (outcome === 'gone') throw new AppError('asset-not-found');
}

/**
 * POST /stored-file/unused/delete: every file nothing uses, written more than `olderThanHours`
 * (never under UNUSED_FILE_MIN_AGE_HOURS) ago, in `folder` or all. Each file is checked again and
 * deleted in its own transaction with its audit row; one that became used meanwhile is kept.
 */
export async function deleteUnusedFiles(
  ctx: StoredFilesContext,
  caller: Identity,
  request: { olderThanHours: number; folder?: AssetFolder | undefined },
): Promise<DeleteUnusedAnswer> {
  const now = ctx.clock.now();
  const hours = Math.max(request.olderThanHours, UNUSED_FILE_MIN_AGE_HOURS);
  const folders = request.folder ? [request.folder] : ASSET_FOLDERS;
  const old = (await listFolders(ctx.assets, folders)).filter((file) =>
    oldEnoughToDelete(file.modifiedAt, now, hours),
  );
  if (old.length === 0) return { deleted: 0, bytes: 0 };
  const uses = await ctx.db.transaction((tx) => readFileUses(tx, ctx.uses), {
    ...SNAPSHOT,
    accessMode: 'read only',
  });
  let deleted = 0;
  let bytes = 0;
  for (const file of old) {
    if (uses.has(fileKey(file.folder, file.name))) continue;
    if ((await removeIfUnused(ctx, caller, file, now)) === 'deleted') {
      deleted += 1;
      bytes += file.bytes;
    }
  }
  ctx.log.info({ deleted, bytes, hours, folder: request.folder }, 'unused stored files deleted');
  return { deleted, bytes };
}
