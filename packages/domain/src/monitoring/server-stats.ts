/**
 * The live figures of every running API instance on the `ServerStats` channel (issue 23 item 4,
 * decision 342). An admin's page asks to watch; while someone watches, each instance sends a
 * sample every few seconds, and the page keeps one card per instance.
 */
import { z } from 'zod';
import { instantSchema } from '../contract/query-fields';

/** How often a watched instance sends a sample. */
export const SERVER_STATS_INTERVAL_MS = 5_000;
/** A watch lasts this long; the page renews it well before (every SERVER_STATS_RENEW_MS). */
export const SERVER_STATS_WATCH_MS = 60_000;
export const SERVER_STATS_RENEW_MS = 20_000;
/** An instance silent for three intervals is shown as gone (stopped, or cut off from Redis). */
export const SERVER_STATS_SILENT_AFTER_MS = 3 * SERVER_STATS_INTERVAL_MS;

const count = z.number().int().nonnegative();
const figure = z.number().nonnegative();

export const serverStatsEventSchema = z.object({
  instance: z.object({
    /** Unique per process start: two instances on one host never share it. */
    id: z.string().min(1).max(80),
    /** What an operator calls it: the balancer's route when there is one, else the host name. */
    name: z.string().min(1).max(120),
    host: z.string().max(120),
    pid: count,
    version: z.string().max(80),
    node: z.string().max(40),
    startedAt: instantSchema,
  }),
  at: instantSchema,
  uptimeSeconds: figure,
  /** Of one core since the previous sample (above 100 when work runs on several threads). */
  cpuPercent: figure,
  memory: z.object({ rssBytes: count, heapUsedBytes: count, heapTotalBytes: count }),
  eventLoopDelayMs: z.object({ mean: figure, p99: figure, max: figure }),
  sockets: count,
  requestsPerSecond: figure,
  database: z.object({
    up: z.boolean(),
    /** Null for the embedded database, which has no pool. */
    pool: z.object({ total: count, idle: count, waiting: count, max: count }).nullable(),
  }),
  /** Null when this instance runs without Redis. */
  redis: z.object({ up: z.boolean() }).nullable(),
  /** Null when the database could not be asked. */
  jobs: z.object({ due: count, scheduled: count, givenUp: count }).nullable(),
});
export type ServerStatsSample = z.infer<typeof serverStatsEventSchema>;

/** WatchServerStats: start (or renew) watching, or stop. */
export const watchServerStatsPayloadSchema = z.object({ watch: z.boolean() });
export const WATCH_SERVER_STATS_ACKS = ['ok', 'unallowed'] as const;
export const watchServerStatsAckSchema = z.object({ result: z.enum(WATCH_SERVER_STATS_ACKS) });
