import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ServerEvent } from '@talaqa/domain';
import type { TutorsCacheUpdatedEvent, TutorUpdatedEvent } from '@talaqa/domain';
import { tutorCard } from './queries';

/**
 * After a change to tutors has committed (a schedule saved, tutor fields changed, a lesson booked
 * or canceled): forgets the cached list pages and tells every open tab on the TutorsCache channel
 * (public data, so every connection; the client has no channel subscription yet), with each
 * tutor's new card (null once no longer listed). `null` ids: everything (a flush). Realtime and
 * cache failures are logged, never turned into a failed request: the data is already saved.
 * Other instances learn it through Redis: the cache generation, and socket.io's adapter.
 */
export async function announceListingChange(
  app: FastifyInstance,
  tutorIds: readonly number[] | null,
  now: Date = app.clock.now(),
): Promise<void> {
  try {
    await app.tutorPageCache.clear();
  } catch (error) {
    app.log.warn({ err: error }, 'tutors cache not cleared');
  }
  const cacheEvent: TutorsCacheUpdatedEvent = {
    at: now.toISOString(),
    tutorIds: tutorIds === null ? null : [...tutorIds],
  };
  app.io.emit(ServerEvent.TutorsCacheUpdated, cacheEvent);
  for (const tutorId of tutorIds ?? []) {
    try {
      const event: TutorUpdatedEvent = {
        tutorId,
        card: await tutorCard(app.database.db, tutorId, now),
      };
      app.io.emit(ServerEvent.TutorUpdated, event);
    } catch (error) {
      app.log.warn({ err: error, tutorId }, 'TutorUpdated not sent');
    }
  }
}

/**
 * The listing hears of every committed change to what a card shows through the domain event
 * `TutorListingChanged`, whichever module made it (kernel/domain-events.ts).
 */
export const listingChanges: FastifyPluginAsync = async (app) => {
  app.domainEvents.on('TutorListingChanged', ({ tutorIds }) =>
    announceListingChange(app, tutorIds),
  );
};
