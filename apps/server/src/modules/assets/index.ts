/** Assets: uploaded files (images, videos), where they are stored and who may read them. */
export { assetRoutes } from './routes';
export { createStorage, diskStorage, s3Storage } from './storage';
export type { AssetFolder, AssetStorage, ByteRange } from './storage';
export { recordProfileImage, replaceProfileImage } from './service';
export { FileTooLargeError, SAFE_NAME } from './storage';
