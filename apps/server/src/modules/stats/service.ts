import type { PublicStats } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { countFulfilledLessons } from '../lessons';
import { countListedTutors } from '../tutors';

/**
 * How long one answer is reused. Every visitor of the home asks, and a figure a minute old is
 * right enough; each instance keeps its own copy (no Redis): two instances may differ by a
 * minute's changes, which nobody can see on a marketing page (docs/decisions/307-look.md).
 */
export const PUBLIC_STATS_TTL_MS = 60_000;

/**
 * Reads the figures at most once a minute (by the app's clock, so tests can move it) and shares
 * the read in flight, so a burst of visitors costs the database one pair of queries. A failed
 * read is not kept: the next visitor tries again.
 */
export function publicStatsReader(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
): () => Promise<PublicStats> {
  let cached: { value: Promise<PublicStats>; expiresAt: number } | undefined;
  return () => {
    const now = ctx.clock.now().getTime();
    if (cached && cached.expiresAt > now) return cached.value;
    const value = Promise.all([countListedTutors(ctx.db), countFulfilledLessons(ctx.db)]).then(
      ([tutors, lessons]) => ({ tutors, lessons }),
    );
    const entry = { value, expiresAt: now + PUBLIC_STATS_TTL_MS };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  };
}
