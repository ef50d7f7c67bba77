import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readDependencyVitals } from './vitals';
import type { DependencyVitals, VitalsSources } from './vitals';

/** The log store's running totals (src/log-store.ts): lines written, dropped, waiting. */
export interface LogLineCounts {
  stored: number;
  dropped: number;
  queued: number;
}

/** Seconds; the API's answers are mostly milliseconds, payments' provider calls seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** Sets the dependency gauges from a fresh reading, then renders every metric as text. */
  render(): Promise<string>;
}

/**
 * The instance's Prometheus metrics in a registry of its own (tests build many apps in one
 * process): Node's defaults (CPU, memory, event-loop delay, handles), HTTP requests by route
 * template and status with their latency, and the dependencies read at scrape time.
 */
export function createMetrics(
  app: FastifyInstance,
  sources: VitalsSources,
  version: string,
  logLines?: () => LogLineCounts,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // A callback hook: the hottest routes pay no promise for being counted.
  app.addHook('onResponse', (request, reply, done) => {
    // The template (`/api/v1/lesson/:id`), never the raw URL: ids must not become labels.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const gauge = (name: string, help: string, labelNames: readonly string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const build = gauge('talaqa_build_info', 'The build this instance runs', ['version']);
  build.set({ version }, 1);
  const databaseUp = gauge('talaqa_database_up', '1 when the database answers a ping');
  const pool = gauge('talaqa_database_pool_connections', 'Database pool connections by state', [
    'state',
  ]);
  // Absent, not 0, when this instance runs without Redis: 0 would read as an outage.
  const redisUp = sources.redis ? gauge('talaqa_redis_up', '1 when Redis answers a ping') : null;
  const jobs = gauge('talaqa_jobs', 'Durable jobs by state: due, scheduled, given_up', ['state']);
  const sockets = gauge('talaqa_sockets_connected', 'Realtime sockets connected to this instance');

  const record = (vitals: DependencyVitals): void => {
    databaseUp.set(vitals.databaseUp ? 1 : 0);
    if (vitals.pool) {
      pool.set({ state: 'total' }, vitals.pool.total);
      pool.set({ state: 'idle' }, vitals.pool.idle);
      pool.set({ state: 'waiting' }, vitals.pool.waiting);
      pool.set({ state: 'max' }, vitals.pool.max);
    }
    if (redisUp && vitals.redisUp !== undefined) redisUp.set(vitals.redisUp ? 1 : 0);
    if (vitals.jobs) {
      jobs.set({ state: 'due' }, vitals.jobs.due);
      jobs.set({ state: 'scheduled' }, vitals.jobs.scheduled);
      jobs.set({ state: 'given_up' }, vitals.jobs.givenUp);
    }
    sockets.set(vitals.sockets);
  };

  // The log store's totals, absent when this instance keeps no log (LOG_STORE_LEVEL=silent).
  const logCounters = logLines
    ? {
        stored: new Counter({
          name: 'talaqa_log_lines_stored_total',
          help: 'Log lines written to the database for the log export',
          registers: [registry],
        }),
        dropped: new Counter({
          name: 'talaqa_log_lines_dropped_total',
          help: 'Log lines not kept for the export: queue full or the database refused a batch',
          registers: [registry],
        }),
        queued: gauge('talaqa_log_lines_queued', 'Log lines waiting to be written'),
        seen: { stored: 0, dropped: 0 },
      }
    : undefined;
  const recordLogLines = (): void => {
    if (!logCounters || !logLines) return;
    const counts = logLines();
    logCounters.stored.inc(counts.stored - logCounters.seen.stored);
    logCounters.dropped.inc(counts.dropped - logCounters.seen.dropped);
    logCounters.queued.set(counts.queued);
    logCounters.seen = { stored: counts.stored, dropped: counts.dropped };
  };

  return {
    registry,
    async render() {
      recordLogLines();
      record(await readDependencyVitals(sources));
      return registry.metrics();
    },
  } satisfies Metrics;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares the request's bearer token with the configured one in constant time. */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export function refuse(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="metrics"')
    .send({ code: 'unauthenticated', message: 'A metrics token is required' });
}
