import type { FastifyPluginAsync } from 'fastify';
import { cairoWeekBounds } from '@talaqa/domain';
import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { scheduleJob } from '../../jobs';
import type { JobHandler } from '../../jobs';
import { persistWeeklyRenewals } from './service';

/** Writes each week's renewal of weekly minutes down, at Saturday 00:00 Cairo. */
export const RENEW_WEEK_JOB = 'subscriptions.renew-week';

/**
 * Schedules the renewal at the end of the Cairo week holding `now`. The key is that moment, so
 * every instance (and every start) asks for the same job, and an overdue one for an earlier
 * week is a different job that still runs.
 */
async function scheduleNextRenewal(db: Database, now: Date): Promise<Date> {
  const next = cairoWeekBounds(now).end;
  await scheduleJob(db, { kind: RENEW_WEEK_JOB, key: next.toISOString(), runAt: next });
  return next;
}

/**
 * Resets the stored weeks that are over, then schedules the next renewal. It runs for the
 * moment it was scheduled for even if the clock reading it is a little behind the database's.
 */
const renewWeek =
  (clock: Clock): JobHandler =>
  async (_payload, { job, db, log }) => {
    const now = new Date(Math.max(clock.now().getTime(), job.runAt.getTime()));
    const renewed = await persistWeeklyRenewals(db, now);
    const next = await scheduleNextRenewal(db, now);
    log.info({ renewed, next: next.toISOString() }, 'weekly minutes renewed');
  };

/** Registers the subscriptions' jobs and makes sure the next renewal is scheduled at start. */
export const subscriptionJobs: FastifyPluginAsync = async (app) => {
  app.jobs.register(RENEW_WEEK_JOB, renewWeek(app.clock));
  app.addHook('onReady', async () => {
    await scheduleNextRenewal(app.database.db, app.clock.now());
  });
};
