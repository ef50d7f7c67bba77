import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: plain unit tests, DOM tests (React components) and the server's
// integration tests, which talk to a real database through real HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/domain/test/**/*.test.ts',
            'packages/api-client/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // A page test clicks through several screens: 5 s is too tight when the unit and DOM
          // projects share CI's two cores (a run timed out there while the test takes 3 s alone).
          testTimeout: 15_000,
          setupFiles: ['packages/ui/test/dom-setup.ts'],
          include: ['packages/ui/test/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
