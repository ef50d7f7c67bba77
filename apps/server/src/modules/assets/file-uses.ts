import type { AssetFolder, FileUse } from '@talaqa/domain';
import type { Database } from '../../db';

/**
 * Who uses a stored file (docs/decisions/347-stored-files.md). Each module that keeps stored
 * names in its tables contributes one source: every use it holds, or only those of `names`.
 * `app.ts` hands the list to the stored-file routes, so no module reads another's tables.
 */
export type FileUseSource = (db: Database, names?: readonly string[]) => Promise<FileUse[]>;

export const fileKey = (folder: AssetFolder, name: string): string => `${folder}/${name}`;

/**
 * Every use the sources know (of `names` only, when given), by `fileKey`. `db` should be a
 * REPEATABLE READ transaction, so the sources read one snapshot: a reference moved from one
 * table to another between two of their queries can then not look like no reference at all.
 */
export async function readFileUses(
  db: Database,
  sources: readonly FileUseSource[],
  names?: readonly string[],
): Promise<Map<string, FileUse[]>> {
  const uses = new Map<string, FileUse[]>();
  for (const source of sources) {
    for (const use of await source(db, names)) {
      const key = fileKey(use.folder, use.name);
      const known = uses.get(key);
      if (known) known.push(use);
      else uses.set(key, [use]);
    }
  }
  return uses;
}
