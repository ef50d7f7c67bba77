import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appViteConfig } from '@talaqa/ui/vite';

/** LOCAL_PORTS.landing of @talaqa/domain (written out: Vite's config loader cannot read TypeScript packages). */
export const PORT = 4300;

/**
 * Two builds (record 355): the browser's (`vite build`: the page script of every page and each
 * island, no HTML entry) and the server's (`vite build --ssr src/render.tsx`: the renderer, with
 * every dependency bundled in, so dist-server runs wherever the server runs).
 */
export default defineConfig(({ isSsrBuild }) => {
  const base = appViteConfig({ port: PORT, plugins: [react(), tailwindcss()] });
  if (isSsrBuild) {
    return {
      ...base,
      ssr: { noExternal: true },
      build: { outDir: 'dist-server', emptyOutDir: true, manifest: false, copyPublicDir: false },
    };
  }
  return {
    ...base,
    build: {
      ...base.build,
      rolldownOptions: {
        ...base.build?.rolldownOptions,
        input: { site: 'src/site.ts', contact: 'src/islands/contact.tsx' },
      },
    },
  };
});
