import { defineConfig } from 'tsup';

// One file, dist/main.js. The workspace package @talaqa/domain ships TypeScript sources, so it is
// bundled in; every other dependency stays in node_modules (PGlite and pg load their own files).
// Nothing is copied: the migrations are read from apps/server/drizzle at run time (see paths.ts).
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@talaqa\//],
});
