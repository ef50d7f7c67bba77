export { createJobs } from './registry';
export type { Jobs } from './registry';
export { backoffMs, DEFAULT_LEASE_MS, DEFAULT_RETRY, startJobRunner } from './runner';
export type {
  ClaimedJob,
  JobContext,
  JobHandler,
  JobLog,
  JobRunner,
  JobRunnerOptions,
  RetryPolicy,
} from './runner';
export {
  cancelJobs,
  DEFAULT_MAX_ATTEMPTS,
  jobsKeepingPending,
  scheduleJob,
  scheduleJobs,
} from './schedule';
export type { JobRequest, TimedJobRequest } from './schedule';
