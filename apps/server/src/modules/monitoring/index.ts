/**
 * What operators watch (issue 23, "Running it for real"): Prometheus metrics of this instance at
 * `GET /metrics`, served only with METRICS_TOKEN set and only to a caller bearing it. docs/deploy.md
 */
import fp from 'fastify-plugin';
import { bearerMatches, createMetrics, refuse } from './metrics';
import type { LogLineCounts } from './metrics';
import type { VitalsSources } from './vitals';

export { serverStats, SERVER_STATS_ROOM } from './server-stats';

export interface MonitoringOptions extends VitalsSources {
  token: string | undefined;
  version: string;
  /** The log store's totals (dropped lines among them), when this instance keeps its log. */
  logLines?: () => LogLineCounts;
}

/** Registered at the root, before the feature routes: its hook counts every route's answers. */
export const monitoring = fp<MonitoringOptions>(async (app, options) => {
  const { token } = options;
  if (!token) return;
  const metrics = createMetrics(app, options, options.version, options.logLines);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!bearerMatches(request, token)) return refuse(reply);
    const text = await metrics.render();
    return reply.type(metrics.registry.contentType).send(text);
  });
});
