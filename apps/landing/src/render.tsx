// The server side of the marketing site (record 355), built with `vite build --ssr` into
// dist-server/render.js: the build's prerender writes every page with it, and the API server
// renders the live pages (`/pricing`, the home) with it again when their data change.
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { GENERAL_FAQ, ROLE_FAQ } from './features/faq/faq-content';
import { FAQ_ROLES, paths } from './paths';
import { routes } from './router';
import { canonicalUrl, htmlDocument } from './site/document';
import type { SiteAssets } from './site/document';
import { LiveDataContext } from './site/live-data';
import type { LiveData } from './site/live-data';
import { SERVICE_PAGES, SITE_PAGES, sitePage } from './site/pages';
import type { SitePage } from './site/pages';
import { SITE_ORIGIN_MARK, withOrigins } from './site/origins';
import { faqPage, organization, planOffers, structuredDataScript } from './site/structured-data';

export { SERVICE_PAGES, SITE_PAGES, withOrigins };
export type { LiveData, SiteAssets, SitePage };

const handler = createStaticHandler(routes);

/** The body of the page at this address, as the router renders it (no script, no hydration). */
async function renderBody(path: string, data: LiveData): Promise<string> {
  const context = await handler.query(new Request(`${SITE_ORIGIN_MARK}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <LiveDataContext value={data}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </LiveDataContext>,
  );
}

const FAQ_OF_PATH: Record<string, typeof GENERAL_FAQ> = {
  [paths.faq]: GENERAL_FAQ,
  ...Object.fromEntries(FAQ_ROLES.map((role) => [`/faq/${role}`, ROLE_FAQ[role]])),
};

function structuredData(page: SitePage, data: LiveData): string {
  const things = [organization()];
  const faq = FAQ_OF_PATH[page.path];
  if (page.structuredData === 'faq' && faq) things.push(faqPage(faq));
  if (page.structuredData === 'offers' && data.plans) {
    things.push(planOffers(data.plans, canonicalUrl(page.path)));
  }
  return structuredDataScript(things);
}

/** One page of SITE_PAGES as a whole document, or undefined for an address that is not one. */
export async function renderSitePage(
  path: string,
  assets: SiteAssets,
  data: LiveData = {},
): Promise<string | undefined> {
  const page = sitePage(path);
  if (!page) return undefined;
  const body = await renderBody(path, data);
  return htmlDocument({ page, body, assets, structuredData: structuredData(page, data) });
}

/** The "not found" pages the server answers with; search engines keep neither. */
export async function renderServicePage(
  name: keyof typeof SERVICE_PAGES,
  assets: SiteAssets,
): Promise<string> {
  const page = SERVICE_PAGES[name];
  const body = await renderBody(page.path, {});
  return htmlDocument({ page, body, assets, structuredData: '', noindex: true });
}

/** `/sitemap.xml`: every page, with the origin mark the server replaces. */
export function sitemapXml(): string {
  const urls = SITE_PAGES.map(
    (page) =>
      `  <url>\n    <loc>${canonicalUrl(page.path)}</loc>\n    <changefreq>${page.live ? 'daily' : 'monthly'}</changefreq>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/robots.txt`: everything may be crawled but the short links, which only redirect. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /url/\n\nSitemap: ${SITE_ORIGIN_MARK}/sitemap.xml\n`;
}
