import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies, checked by `npm run lint`. Knip finds most entry points
 * itself (package.json scripts and exports, Vite, Vitest, Playwright, Drizzle, tsup); listed here
 * are only those it cannot see. Tests are entry points: what only a test uses counts as used.
 */
const config: KnipConfig = {
  // An export also used in its own file (a type in a signature, a constant) is not dead code.
  ignoreExportsUsedInFile: true,
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      // Started by scripts/dev.mjs through npx.
      ignoreDependencies: ['concurrently'],
    },
    'apps/server': {
      // The crash test starts this file in a child process.
      entry: ['test/integration/checkout-crash-server.ts'],
      // Loaded by pino by name, as its pretty-printing transport (src/logger.ts).
      ignoreDependencies: ['pino-pretty'],
    },
    'apps/{web,admin}': {
      // Each index.html loads it with a <script> before the app.
      entry: ['public/runtime-config.js'],
    },
    'apps/landing': {
      // No index.html (record 355): the browser's entries, the renderer and the build scripts
      // are named in vite.config.ts and package.json's build script.
      entry: [
        'public/runtime-config.js',
        'src/site.ts',
        'src/islands/*.tsx',
        'src/render.tsx',
        'scripts/*.mjs',
      ],
    },
    e2e: {
      // The cluster journeys' config starts it as its web server.
      entry: ['cluster-server.mjs'],
    },
    bench: {
      // run.mjs, chat.mjs and session-signaling.mjs start them in child processes.
      entry: ['bare-server.mjs', 'bare-chat-server.mjs', 'bare-session-server.mjs'],
    },
  },
};

export default config;
