export { diskStorage } from './disk';
export { s3Storage } from './s3';
export { ASSET_FOLDERS, FileTooLargeError, SAFE_NAME } from './types';
export type {
  AssetFolder,
  AssetStorage,
  ByteRange,
  ListedFile,
  PutOptions,
  StoredFile,
} from './types';

import type { Config } from '../../../config';
import { diskStorage } from './disk';
import { s3Storage } from './s3';
import type { AssetStorage } from './types';

/** The store the configuration names (MEDIA_STORAGE): disk by default, or the S3 bucket. */
export const createStorage = (config: Pick<Config, 'mediaStorage' | 'uploadsDir'>): AssetStorage =>
  config.mediaStorage.kind === 's3'
    ? s3Storage(config.mediaStorage.s3)
    : diskStorage(config.uploadsDir);
