import { spawnSync } from 'node:child_process';

// The cluster journeys (playwright.cluster.config.ts): two API instances on PostgreSQL and Redis
// behind nginx, as `npm run start:cluster` runs them, on ports of their own (beside the single
// server's of ./env).

export const clusterPorts = {
  /** nginx, deploy/nginx/talaqa.conf: every API call and socket of the browsers goes here. */
  balancer: 5000,
  instanceA: 5011,
  instanceB: 5012,
  web: 5100,
  admin: 5200,
  landing: 5300,
  /** Instance a's simulators; instance b's are each 2 above (scripts/cluster.mjs). */
  whatsapp: 5510,
  telegram: 5520,
  smtp: 5525,
  outbox: 5530,
  google: 5540,
  fawry: 5550,
  paymob: 5560,
} as const;

export const clusterUrls = {
  api: `http://127.0.0.1:${clusterPorts.balancer}`,
  web: `http://127.0.0.1:${clusterPorts.web}`,
  admin: `http://127.0.0.1:${clusterPorts.admin}`,
  /** The outbox viewers of instance a and b: a code is sent by whichever instance took the call. */
  outboxes: [clusterPorts.outbox, clusterPorts.outbox + 2].map(
    (port) => `http://127.0.0.1:${port}/api/messages`,
  ),
} as const;

/**
 * The run's own database (e2e/cluster-server.mjs makes it and drops it after): named once by the
 * config, which every worker inherits through the environment, so a journey can set up what no
 * endpoint makes (a lesson whose room is open now).
 */
export function clusterDatabaseUrl(): string {
  const named = process.env.CLUSTER_DATABASE_URL;
  if (named) return named;
  const database = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432/postgres');
  database.pathname = `/talaqa_e2e_cluster_${String(Date.now())}_${String(process.pid)}`;
  process.env.CLUSTER_DATABASE_URL = database.toString();
  return database.toString();
}

const hasNginx = (): boolean => spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;

/** Why the cluster cannot run on this machine, or undefined when it can (CI: .ci/run). */
export function clusterSkipReason(): string | undefined {
  if (!process.env.DATABASE_URL) return 'DATABASE_URL is not set (a PostgreSQL server is needed)';
  if (!process.env.REDIS_URL) return 'REDIS_URL is not set (a Redis server is needed)';
  if (!hasNginx()) {
    return 'nginx is not installed (apt-get install -y nginx-light; .ci/run installs it)';
  }
  return undefined;
}
