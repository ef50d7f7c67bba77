// The Vite configuration every app shares. Plain JavaScript on purpose: Vite loads config files in
// plain Node, which cannot import this package's TypeScript source.
// Each app passes its own plugins (React and Tailwind), which npm installs beside the app.

/**
 * @param {{ port: number, plugins: import('vite').PluginOption[] }} options the app's local port
 *   (LOCAL_PORTS of @talaqa/domain; each app's router test checks the two agree) and plugins
 * @returns {import('vite').UserConfig}
 */
export function appViteConfig({ port, plugins }) {
  return {
    plugins,
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: bench/bundle-size.mjs follows it to the JS loaded at first paint.
      manifest: true,
      rolldownOptions: {
        output: {
          // React and the router change rarely: their own long-cached chunk, apart from the app.
          codeSplitting: {
            groups: [
              // @talaqa/ui/csp configures zod before any schema is built (schemas are built as
              // their modules load, in shared chunks the entry imports): in a chunk of its own it
              // is imported, and so run, before them; inside the entry chunk it would run after.
              { name: 'csp', test: /packages[\\/]ui[\\/]src[\\/]csp\.ts$/, priority: 30 },
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
}
