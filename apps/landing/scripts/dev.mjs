// `npm run dev -w @talaqa/landing` (and the root's `npm run dev`): the marketing site as the
// server renders it (record 355), from the sources through Vite, with hot reload of the scripts
// and styles. Each request renders its page afresh (`ssrLoadModule` follows every edit); the live
// pages get their plans and figures from the API of `npm run dev` (port 4000 unless VITE_API_URL).
import { createServer as createHttpServer } from 'node:http';
import { createServer as createViteServer } from 'vite';

const PORT = Number(process.env.LANDING_PORT ?? 4300);
const API_URL = process.env.VITE_API_URL ?? 'http://localhost:4000';
const WEB_URL = process.env.VITE_WEB_URL ?? 'http://localhost:4100';

const vite = await createViteServer({
  server: { middlewareMode: true },
  appType: 'custom',
});

/** In development the scripts come from the sources, and Vite injects the styles. */
const DEV_ASSETS = {
  css: '',
  fontPreloads: [],
  siteScript: '/src/site.ts',
  islands: { contact: { script: '/src/islands/contact.tsx', imports: [] } },
};

async function liveData() {
  const read = async (path) => {
    try {
      const response = await fetch(`${API_URL}/api/v1${path}`);
      return response.ok ? await response.json() : undefined;
    } catch {
      return undefined;
    }
  };
  const [plans, stats] = await Promise.all([
    read('/plan/list?page=1&size=100'),
    read('/stats/public'),
  ]);
  return { plans: plans?.list, stats };
}

const server = createHttpServer((request, response) => {
  vite.middlewares(request, response, async () => {
    try {
      const render = await vite.ssrLoadModule('/src/render.tsx');
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const page = await render.renderSitePage(url.pathname, DEV_ASSETS, await liveData());
      const html = page ?? (await render.renderServicePage('notFound', DEV_ASSETS));
      const origins = { site: `http://${request.headers.host}`, web: WEB_URL };
      const body = await vite.transformIndexHtml(url.pathname, render.withOrigins(html, origins));
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(String(error?.stack ?? error));
    }
  });
});
server.listen(PORT, () => console.log(`Marketing site (development): http://localhost:${PORT}`));
