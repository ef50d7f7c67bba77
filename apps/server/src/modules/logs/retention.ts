import type { FastifyPluginAsync } from 'fastify';
import { serviceContextOf } from '../../context';
import { scheduleJob } from '../../jobs';
import { pruneOldLogLines } from './service';

export const PRUNE_LOGS_JOB = 'logs.prune';
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The retention of the kept log (LOG_RETENTION_DAYS, default 14): one job, moved an hour ahead
 * by each run (key `tick`), deletes the lines older than that; every instance asks for it at
 * start and the key keeps it single.
 */
export const logRetentionJobs: FastifyPluginAsync = async (app) => {
  const ctx = serviceContextOf(app, 'logs');
  // Upkeep, timed by the runner's (database's) clock.
  const scheduleTick = (afterMs: number): Promise<unknown> =>
    scheduleJob(app.database.db, { kind: PRUNE_LOGS_JOB, key: 'tick', afterMs });
  app.jobs.register(PRUNE_LOGS_JOB, async (_payload, { db, log }) => {
    const deleted = await pruneOldLogLines({ ...ctx, db }, app.config.logStore.retentionDays);
    if (deleted > 0) log.info({ deleted }, 'old server log lines deleted');
    await scheduleTick(PRUNE_EVERY_MS);
  });
  app.addHook('onReady', async () => {
    await scheduleTick(0);
  });
};
