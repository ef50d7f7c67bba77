import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appViteConfig } from '@talaqa/ui/vite';

/** LOCAL_PORTS.web of @talaqa/domain (written out: Vite's config loader cannot read TypeScript packages). */
export const PORT = 4100;

export default defineConfig(appViteConfig({ port: PORT, plugins: [react(), tailwindcss()] }));
