import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ServerEvent } from '@talaqa/domain';
import type { TutorsCacheUpdatedEvent, TutorUpdatedEvent } from '@talaqa/domain';
import { serviceContextOf } from '../../../context';
import type { ServiceContext } from '../../../context';
import type { TutorPageCache } from './page-cache';
import { tutorCard } from './queries';

/** What announcing a change reads and writes: the service context and the listing's page cache. */
export interface ListingChangeContext extends ServiceContext {
  pageCache: Pick<TutorPageCache, 'clear'>;
}

/** The listing's context in a running app (within the listing's plugin, which has the cache). */
export const listingChangeContextOf = (app: FastifyInstance): ListingChangeContext => ({
  ...serviceContextOf(app, 'tutors'),
  pageCache: app.tutorPageCache,
});

/**
 * After a change to tutors has committed (a schedule saved, tutor fields changed, a lesson booked
 * or canceled): forgets the cached list pages and tells every open tab on the TutorsCache channel
 * (public data, so every connection; the client has no channel subscription yet), with each
 * tutor's new card (null once no longer listed). `null` ids: everything (a flush). Realtime and
 * cache failures are logged, never turned into a failed request: the data is already saved.
 * Other instances learn it through Redis: the cache generation, and socket.io's adapter.
 */
export async function announceListingChange(
  ctx: ListingChangeContext,
  tutorIds: readonly number[] | null,
): Promise<void> {
  const now = ctx.clock.now();
  try {
    await ctx.pageCache.clear();
  } catch (error) {
    ctx.log.warn({ err: error }, 'tutors cache not cleared');
  }
  const cacheEvent: TutorsCacheUpdatedEvent = {
    at: now.toISOString(),
    tutorIds: tutorIds === null ? null : [...tutorIds],
  };
  ctx.io.emit(ServerEvent.TutorsCacheUpdated, cacheEvent);
  for (const tutorId of tutorIds ?? []) {
    try {
      const event: TutorUpdatedEvent = {
        tutorId,
        card: await tutorCard(ctx.db, tutorId, now),
      };
      ctx.io.emit(ServerEvent.TutorUpdated, event);
    } catch (error) {
      ctx.log.warn({ err: error, tutorId }, 'TutorUpdated not sent');
    }
  }
}

/**
 * The listing hears of every committed change to what a card shows through the domain event
 * `TutorListingChanged`, whichever module made it (kernel/domain-events.ts).
 */
export const listingChanges: FastifyPluginAsync = async (app) => {
  const ctx = listingChangeContextOf(app);
  app.domainEvents.on('TutorListingChanged', ({ tutorIds }) =>
    announceListingChange(ctx, tutorIds),
  );
};
