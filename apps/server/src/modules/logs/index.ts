/**
 * The server log export (issue 23 item 6; docs/decisions/350-log-export.md): the writer the log
 * store (src/log-store.ts) inserts each instance's batches with, GET /logs/export for admins, and
 * the retention job.
 */
export { logRoutes } from './routes';
export { logRetentionJobs, PRUNE_LOGS_JOB } from './retention';
export { logBatchWriter } from './service';
