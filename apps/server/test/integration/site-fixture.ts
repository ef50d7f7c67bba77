import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * A built marketing site in miniature (record 355): what `npm run build -w @talaqa/landing`
 * leaves in dist and dist-server, with a renderer that writes its data into the page plainly,
 * so the server's side (routes, origins, live renders, compression) is tested apart from React.
 */
export const SITE_MARK = 'https://site.talaqa.invalid';
export const WEB_MARK = 'https://app.talaqa.invalid';

const RENDERER = `
const SITE = ${JSON.stringify(SITE_MARK)};
const WEB = ${JSON.stringify(WEB_MARK)};
export const SITE_PAGES = [
  { path: '/', live: 'stats' },
  { path: '/about' },
  { path: '/pricing', live: 'plans' },
];
export const calls = [];
const page = (path, main) =>
  '<!doctype html><html lang="ar-EG" dir="rtl"><head><title>' + path + ' | طلاقة</title>' +
  '<link rel="canonical" href="' + SITE + path + '"></head><body><a data-app-link href="' + WEB +
  '/register/student">ابدأ</a><main>' + main + '</main></body></html>';
export async function renderSitePage(path, assets, data) {
  calls.push({ path, data });
  if (path === '/pricing') {
    return page(path, data.plans
      ? data.plans.map((plan) => '<p>plan ' + plan.id + ': ' + plan.monthPrice + '</p>').join('')
      : '<p role="alert">تعذّر عرض الباقات الآن</p>');
  }
  if (path === '/') return page(path, data.stats ? '<p>tutors ' + data.stats.tutors + '</p>' : '');
  if (path === '/about') return page(path, '<h1>من نحن</h1>');
  return undefined;
}
export function withOrigins(text, origins) {
  return text.replaceAll(SITE, origins.site).replaceAll(WEB, origins.web);
}
`;

/** Writes the miniature build into `<appsRoot>/apps/landing/{dist,dist-server}`; returns dist. */
export function writeSiteFixture(appsRoot: string): string {
  const app = join(appsRoot, 'apps', 'landing');
  const dist = join(app, 'dist');
  const files: Record<string, string> = {
    'dist-server/render.js': RENDERER,
    'dist/.vite/site-assets.json': '{"css":""}',
    'dist/index.html': `<!doctype html><title>/ | طلاقة</title><link rel="canonical" href="${SITE_MARK}/">`,
    'dist/about/index.html': `<!doctype html><title>/about | طلاقة</title><link rel="canonical" href="${SITE_MARK}/about"><a href="${WEB_MARK}/register/student">ابدأ</a><h1>من نحن</h1>`,
    'dist/pricing/index.html': '<!doctype html><p>build-time pricing</p>',
    'dist/404.html':
      '<!doctype html><meta name="robots" content="noindex"><h1>الصفحة غير موجودة</h1>',
    'dist/url-not-found.html':
      '<!doctype html><meta name="robots" content="noindex"><h1>الرابط غير موجود</h1>',
    'dist/sitemap.xml': `<urlset><url><loc>${SITE_MARK}/</loc></url></urlset>`,
    'dist/robots.txt': `User-agent: *\nSitemap: ${SITE_MARK}/sitemap.xml\n`,
    'dist/assets/site-1a2b3c4d.js': 'console.log("site")',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    writeFileSync(join(app, file), text);
  }
  writeFileSync(join(dist, 'assets', 'site-1a2b3c4d.js.gz'), gzipSync('console.log("site")'));
  return dist;
}
