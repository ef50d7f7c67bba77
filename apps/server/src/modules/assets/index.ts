/** Assets: uploaded files (profile images for now), where they are stored and who may read them. */
export { assetRoutes } from './routes';
export { diskStorage } from './storage';
export type { AssetStorage } from './storage';
export { replaceProfileImage } from './service';
