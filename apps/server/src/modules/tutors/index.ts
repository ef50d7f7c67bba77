/**
 * Tutors: the tutor's own profile (service, routes), the schedule reads shared with availability
 * (schedule.ts) and the listing read model that visitors see (listing/: the list, the public
 * profile, their cache, each tutor's stored next free start and its job).
 */
export { tutorRoutes } from './routes';
export { tutorListing } from './listing/plugin';
export { tutorListingSql } from './listing/living-sql';
export { countListedTutors } from './listing/queries';
export { refreshNextFree, storeNextFree } from './listing/next-free';
export type { StoredNextFree } from './listing/next-free';
export { isListedRow } from '../../db/listed-tutor';
export { findTutorRow, setTutorProfileVideo, upsertTutorText } from './repo';
export type { TutorRow, TutorTextPatch } from './repo';
export { busyOf, storedSlotsOf, templateOf } from './schedule';
export { requireScheduleOwner, requireTutor } from './service';
