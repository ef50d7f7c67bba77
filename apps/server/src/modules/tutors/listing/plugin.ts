import type { FastifyPluginAsync } from 'fastify';
import { listingChanges } from './changes';
import { nextFreeJobs } from './next-free';
import { tutorPageCache } from './page-cache';
import { listingRoutes } from './routes';

/**
 * The tutor listing, the read side of tutors that visitors see: the public list and profile with
 * their page cache, the stored next free starts kept true as the clock moves, and the listener
 * that forgets pages and tells open tabs when another module reports a change. Its database side
 * (the listed-tutor totals and rating triggers) is listing.sql.
 */
export const tutorListing: FastifyPluginAsync = async (app) => {
  await app.register(tutorPageCache);
  await app.register(listingChanges);
  await app.register(listingRoutes);
  await app.register(nextFreeJobs);
};
