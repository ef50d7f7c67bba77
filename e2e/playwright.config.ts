import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { ports, urls } from './env';

// The built product runs as `npm start` runs it (one process: API + the three apps), on its own
// ports and a fresh in-memory PGlite database.

const root = join(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }],
  ],
  timeout: 30_000,
  use: {
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `${urls.api}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      APP_ENV: 'local',
      SERVE_APPS: 'true',
      APPS_DIST_DIR: root,
      HOST: '127.0.0.1',
      PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      ADMIN_PORT: String(ports.admin),
      LANDING_PORT: String(ports.landing),
      SMTP_SIMULATOR_PORT: String(ports.smtp),
      WHATSAPP_SIMULATOR_PORT: String(ports.whatsapp),
      TELEGRAM_SIMULATOR_PORT: String(ports.telegram),
      OUTBOX_PORT: String(ports.outbox),
      GOOGLE_SIMULATOR_PORT: String(ports.google),
      FAWRY_SIMULATOR_PORT: String(ports.fawry),
      PAYMOB_SIMULATOR_PORT: String(ports.paymob),
      PGLITE_DIR: 'memory://',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser of the run signs in from this one address (per-account limits still hold).
      RATE_LIMIT_TRUSTED_ADDRESSES: '127.0.0.1',
      CORS_ORIGINS: Object.values(urls).join(','),
    },
  },
});
