import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteCap, newAssetName, SAFE_NAME } from './types';
import type { AssetStorage } from './types';

/** Uploaded files on local disk, `<root>/<folder>/<name>`: the default, for one machine. */
export function diskStorage(root: string): AssetStorage {
  const pathOf = (folder: string, name: string): string => join(root, folder, name);
  const removeFile = async (path: string): Promise<void> => {
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  };
  const storage: AssetStorage = {
    kind: 'disk',
    async put(folder, source, extension, { maxBytes }) {
      await mkdir(join(root, folder), { recursive: true });
      const name = newAssetName(extension);
      const path = pathOf(folder, name);
      const cap = byteCap(maxBytes);
      try {
        await pipeline(
          source instanceof Readable ? source : Readable.from(source),
          cap,
          createWriteStream(path, { flags: 'wx' }),
        );
      } catch (error) {
        await removeFile(path);
        throw error;
      }
      return { name, bytes: cap.bytes };
    },
    async save(folder, bytes, extension) {
      const { name } = await storage.put(folder, [bytes], extension, { maxBytes: bytes.length });
      return name;
    },
    async open(folder, name, range) {
      const size = await storage.size(folder, name);
      if (size === undefined) return undefined;
      const stream = createReadStream(pathOf(folder, name), range ?? {});
      return { stream, size };
    },
    async size(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const found = await stat(pathOf(folder, name)).catch(() => undefined);
      return found?.isFile() ? found.size : undefined;
    },
    async stat(folder, name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const found = await stat(pathOf(folder, name)).catch(() => undefined);
      return found?.isFile() ? { name, bytes: found.size, modifiedAt: found.mtime } : undefined;
    },
    async *list(folder) {
      const directory = await opendir(join(root, folder)).catch((error: NodeJS.ErrnoException) => {
        // A folder nothing was ever stored in does not exist yet.
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!directory) return;
      for await (const entry of directory) {
        if (!entry.isFile() || !SAFE_NAME.test(entry.name)) continue;
        // A file removed between the listing and its stat is simply gone.
        const found = await stat(pathOf(folder, entry.name)).catch(() => undefined);
        if (found?.isFile()) {
          yield { name: entry.name, bytes: found.size, modifiedAt: found.mtime };
        }
      }
    },
    async remove(folder, name) {
      if (!SAFE_NAME.test(name)) return;
      await removeFile(pathOf(folder, name));
    },
  };
  return storage;
}
