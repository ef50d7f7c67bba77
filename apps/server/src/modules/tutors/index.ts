/**
 * Tutors: the tutor profile, the public list (cards, filters, its cache) and each tutor's stored
 * next free start, with the schedule reads they are computed from.
 */
export { tutorRoutes } from './routes';
export { tutorsCacheOf } from './cache';
export { tutorsChanged } from './events';
export { nextFreeJobs, refreshNextFree, storeNextFree } from './next-free';
export type { StoredNextFree } from './next-free';
export { findTutorRow, upsertTutorText } from './repo';
export type { TutorRow, TutorTextPatch } from './repo';
export { busyOf, templateOf } from './schedule';
export { isListedRow, requireTutor } from './service';
