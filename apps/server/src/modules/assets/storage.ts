import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { join } from 'node:path';

/** Uploaded files on local disk under generated names; an S3-compatible store can replace it. */
export interface AssetStorage {
  save(folder: 'uploads' | 'receipts', bytes: Uint8Array, extension: string): Promise<string>;
  open(folder: 'uploads' | 'receipts', name: string): Promise<ReadStream | undefined>;
  /** A stored file's size in bytes; undefined for a name we did not generate or a file gone. */
  size(folder: 'uploads' | 'receipts', name: string): Promise<number | undefined>;
  /** Deletes a stored file; a name we did not generate or a file already gone is a no-op. */
  remove(folder: 'uploads' | 'receipts', name: string): Promise<void>;
}

/** Names we generate: a UUID and a short extension. Anything else is refused before the disk. */
const SAFE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,4}$/;

export function diskStorage(root: string): AssetStorage {
  return {
    async save(folder, bytes, extension) {
      const dir = join(root, folder);
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      await writeFile(join(dir, name), bytes, { flag: 'wx' });
      return name;
    },
    async open(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const path = join(root, folder, name);
      const found = await stat(path).catch(() => undefined);
      return found?.isFile() ? createReadStream(path) : undefined;
    },
    async size(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const found = await stat(join(root, folder, name)).catch(() => undefined);
      return found?.isFile() ? found.size : undefined;
    },
    async remove(folder, name) {
      if (!SAFE_NAME.test(name)) return;
      await unlink(join(root, folder, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
