import { BRAND_NAME } from '@talaqa/ui';
import type { IslandName } from './island';
import { SITE_ORIGIN_MARK } from './origins';
import type { SitePage } from './pages';

/** What the build made for the browser (dist/.vite/site-assets.json, written by the prerender). */
export interface SiteAssets {
  /** The whole stylesheet, put inline in every page: no request before the first paint. */
  css: string;
  /** The fonts the first paint needs, fetched at once rather than after the CSS is read. */
  fontPreloads: readonly string[];
  /** The one small script of every page (src/site.ts). */
  siteScript: string;
  /** Each island's entry, and the chunks it imports, fetched together. */
  islands: Partial<Record<IslandName, { script: string; imports: readonly string[] }>>;
}

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The page's address as search engines should keep it. */
export const canonicalUrl = (path: string): string => `${SITE_ORIGIN_MARK}${path}`;

export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'طلاقة: تحدّث الإنجليزية بطلاقة مع معلمين تثق بهم',
};

export const documentTitle = (page: Pick<SitePage, 'title'>): string =>
  page.title === BRAND_NAME ? BRAND_NAME : `${page.title} | ${BRAND_NAME}`;

function headTags(page: SitePage, noindex: boolean): string[] {
  const url = canonicalUrl(page.path);
  const title = escapeHtml(documentTitle(page));
  const description = escapeHtml(page.description);
  const image = `${SITE_ORIGIN_MARK}${OG_IMAGE.path}`;
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}">`];
  if (noindex) return [...tags, '<meta name="robots" content="noindex">'];
  return [
    ...tags,
    `<link rel="canonical" href="${url}">`,
    `<link rel="alternate" hreflang="ar-EG" href="${url}">`,
    `<link rel="alternate" hreflang="x-default" href="${url}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${BRAND_NAME}">`,
    '<meta property="og:locale" content="ar_EG">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(OG_IMAGE.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(OG_IMAGE.alt)}">`,
  ];
}

function scriptTags(page: SitePage, assets: SiteAssets): string[] {
  const tags = [`<script type="module" src="${assets.siteScript}"></script>`];
  const island = page.island ? assets.islands[page.island] : undefined;
  if (!island) return tags;
  return [
    ...tags,
    // Where the API is, decided by the server that serves the page (before the island runs).
    '<script src="/runtime-config.js" defer></script>',
    ...island.imports.map((href) => `<link rel="modulepreload" href="${href}">`),
    `<script type="module" src="${island.script}"></script>`,
  ];
}

/** A whole page: the head search engines and link previews read, then the rendered body. */
export function htmlDocument(options: {
  page: SitePage;
  body: string;
  assets: SiteAssets;
  structuredData: string;
  noindex?: boolean;
}): string {
  const { page, body, assets, structuredData, noindex = false } = options;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...headTags(page, noindex),
    '<meta name="theme-color" content="#0f645e">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    ...assets.fontPreloads.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    `<style>${assets.css}</style>`,
    ...(noindex ? [] : [structuredData]),
    ...scriptTags(page, assets),
  ];
  return `<!doctype html>\n<html lang="ar-EG" dir="rtl">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}
