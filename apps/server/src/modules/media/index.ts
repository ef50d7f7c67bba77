/**
 * Media: tutors' intro videos (upload, review), photo sessions and studios, and the media route
 * that plays videos with seeking. docs/decisions/311, 312, 313.
 */
export { mediaRoutes } from './routes';
export type { MediaRoutesOptions } from './routes';
export { introVideoStep } from './intro-videos';
export { mediaFileUses } from './repo';
