import { defineConfig } from '@playwright/test';
import cluster from './playwright.cluster.config';

// Browser measurements (`npm run bench:first-frame`): the cluster's servers and browsers, one
// desktop browser pair, one run at a time, only the `*.bench.ts` files (never in `npm test`).

export default defineConfig({
  ...cluster,
  testMatch: '**/*.bench.ts',
  outputDir: '../test-results/e2e-bench',
  reporter: [['list']],
  workers: 1,
  retries: 0,
  projects: (cluster.projects ?? []).filter((project) => project.name === 'desktop'),
});
