/** Assets: uploaded files (images, videos), where they are stored and who may read them. */
export { assetRoutes } from './routes';
export { storedFileRoutes } from './stored-files-routes';
export type { StoredFileRoutesOptions } from './stored-files-routes';
export type { FileUseSource } from './file-uses';
export { createStorage, diskStorage, s3Storage } from './storage';
export type { AssetFolder, AssetStorage, ByteRange } from './storage';
export { recordProfileImage, replaceProfileImage } from './service';
export { FileTooLargeError, SAFE_NAME } from './storage';
