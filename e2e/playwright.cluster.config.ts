import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { clusterDatabaseUrl, clusterPorts, clusterSkipReason, clusterUrls } from './cluster';
import single from './playwright.config';

// The journeys across instances (issue 18, "How it will be checked"): the built product as
// `npm run start:cluster` runs it, two API instances on PostgreSQL and Redis behind nginx
// (deploy/nginx/talaqa.conf), the web app served by instance a and calling the API through
// nginx. Without DATABASE_URL, REDIS_URL or nginx nothing is started and the journeys are skipped
// with the reason (CI has all three: .ci/run).

const root = join(import.meta.dirname, '..');
const skipReason = clusterSkipReason();
const simulators = (key: keyof typeof clusterPorts) => String(clusterPorts[key]);

export default defineConfig({
  ...single,
  testDir: './cluster',
  outputDir: '../test-results/e2e-cluster',
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e-cluster.json',
      },
    ],
  ],
  webServer: skipReason
    ? undefined
    : {
        command: 'node e2e/cluster-server.mjs',
        cwd: root,
        url: `${clusterUrls.api}/api/v1/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        // The wrapper drops its database once the cluster has stopped.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        env: {
          CLUSTER_DATABASE_URL: clusterDatabaseUrl(),
          APP_ENV: 'local',
          CLUSTER_PORT: String(clusterPorts.balancer),
          INSTANCE_A_PORT: String(clusterPorts.instanceA),
          INSTANCE_B_PORT: String(clusterPorts.instanceB),
          PUBLIC_API_URL: clusterUrls.api,
          WEB_PORT: String(clusterPorts.web),
          ADMIN_PORT: String(clusterPorts.admin),
          LANDING_PORT: String(clusterPorts.landing),
          SMTP_SIMULATOR_PORT: simulators('smtp'),
          WHATSAPP_SIMULATOR_PORT: simulators('whatsapp'),
          TELEGRAM_SIMULATOR_PORT: simulators('telegram'),
          OUTBOX_PORT: simulators('outbox'),
          GOOGLE_SIMULATOR_PORT: simulators('google'),
          FAWRY_SIMULATOR_PORT: simulators('fawry'),
          PAYMOB_SIMULATOR_PORT: simulators('paymob'),
          LOG_LEVEL: 'warn',
          // Every browser of the run signs in from this one address (per-account limits hold).
          RATE_LIMIT_TRUSTED_ADDRESSES: '127.0.0.1',
          CORS_ORIGINS: [clusterPorts.web, clusterPorts.admin, clusterPorts.landing]
            .map((port) => `http://127.0.0.1:${String(port)}`)
            .join(','),
        },
      },
});
