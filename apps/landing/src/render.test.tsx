// The renderer as the build and the server call it (record 355): whole documents, their heads for
// search engines and link previews, the structured data, the sitemap and robots.txt.
import { describe, expect, it } from 'vitest';
import { PAID_PLAN_PERIODS, pricePlanPurchase } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { registeredPaths } from '@talaqa/ui/testing';
import { GENERAL_FAQ, ROLE_FAQ } from './features/faq/faq-content';
import type { FaqItem } from './features/faq/faq-content';
import { FAQ_ROLES, paths } from './paths';
import {
  SERVICE_PAGES,
  SITE_PAGES,
  renderServicePage,
  renderSitePage,
  robotsTxt,
  sitemapXml,
  withOrigins,
} from './render';
import type { LiveData, SiteAssets } from './render';
import { routes } from './router';
import { documentTitle, htmlDocument } from './site/document';
import { SITE_ORIGIN_MARK, WEB_ORIGIN_MARK } from './site/origins';
import { faqPage, structuredDataScript } from './site/structured-data';
import { HIDDEN_PLANS, PLANS } from './testing/site';

const ASSETS: SiteAssets = {
  css: 'body{}',
  fontPreloads: ['/assets/f.woff2'],
  siteScript: '/assets/site.js',
  islands: { contact: { script: '/assets/contact.js', imports: ['/assets/react.js'] } },
};
const DATA: LiveData = { plans: [...PLANS, ...HIDDEN_PLANS], stats: { tutors: 12, lessons: 340 } };

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

async function pageDocument(path: string, data: LiveData = DATA) {
  const html = await renderSitePage(path, ASSETS, data);
  if (html === undefined) throw new Error(`${path} is no page of the site`);
  return { html, doc: parse(html) };
}

const meta = (doc: Document, selector: string) =>
  doc.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

type Thing = Record<string, unknown>;

/** The things of the page's one JSON-LD script, parsed as a search engine parses them. */
function structuredData(doc: Document): Thing[] {
  const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  const data = JSON.parse(scripts[0]!.textContent ?? '') as {
    '@context': string;
    '@graph': Thing[];
  };
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}

const ofType = (things: Thing[], type: string) => things.filter((thing) => thing['@type'] === type);

describe('renderSitePage', () => {
  it('has a page for every address of the router but the short links', () => {
    const addresses = registeredPaths(routes)
      .filter((path) => path !== '*' && path !== paths.shortUrl)
      .flatMap((path) =>
        path === paths.faqRole ? FAQ_ROLES.map((role) => path.replace(':role', role)) : [path],
      );
    expect(new Set(SITE_PAGES.map((page) => page.path))).toEqual(new Set(addresses));
    expect(SITE_PAGES).toHaveLength(addresses.length);
  });

  it.each(SITE_PAGES.map((page) => [page.path, page] as const))(
    '%s is a whole Arabic document with the head of its page',
    async (path, page) => {
      const { html, doc } = await pageDocument(path);
      expect(html).toMatch(/^<!doctype html>\n<html lang="ar-EG" dir="rtl">\n<head>/);
      expect(doc.querySelectorAll('h1')).toHaveLength(1);
      expect(doc.head.querySelector('meta[charset]')?.getAttribute('charset')).toBe('utf-8');
      expect(meta(doc, 'name="viewport"')).toContain('width=device-width');

      expect(doc.head.querySelectorAll('title')).toHaveLength(1);
      expect(doc.title).toBe(documentTitle(page));
      expect(meta(doc, 'name="description"')).toBe(page.description);
      expect(meta(doc, 'name="robots"')).toBeUndefined();
      const url = `https://site.talaqa.invalid${path}`;
      expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
      expect(
        doc.head.querySelector('link[rel="alternate"][hreflang="ar-EG"]')?.getAttribute('href'),
      ).toBe(url);

      expect(meta(doc, 'property="og:title"')).toBe(documentTitle(page));
      expect(meta(doc, 'property="og:description"')).toBe(page.description);
      expect(meta(doc, 'property="og:url"')).toBe(url);
      expect(meta(doc, 'property="og:image"')).toBe('https://site.talaqa.invalid/og-image.png');
      expect(meta(doc, 'name="twitter:card"')).toBe('summary_large_image');

      expect(doc.head.querySelector('style')?.textContent).toBe(ASSETS.css);
      const preload = doc.head.querySelector('link[rel="preload"][as="font"]');
      expect(preload?.getAttribute('href')).toBe('/assets/f.woff2');
      expect(preload?.hasAttribute('crossorigin')).toBe(true);

      expect(ofType(structuredData(doc), 'Organization')).toHaveLength(1);
    },
  );

  it('runs the site script on every page, and the island only on /contact', async () => {
    for (const page of SITE_PAGES) {
      const { doc } = await pageDocument(page.path);
      const scripts = [...doc.querySelectorAll('script[src]')].map((script) =>
        script.getAttribute('src'),
      );
      const preloads = [...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      );
      const site = doc.querySelector('script[src="/assets/site.js"]');
      expect(site?.getAttribute('type'), page.path).toBe('module');
      if (page.path === paths.contact) {
        expect(scripts).toEqual(['/assets/site.js', '/runtime-config.js', '/assets/contact.js']);
        expect(preloads).toEqual(['/assets/react.js']);
        expect(doc.querySelectorAll('[data-island="contact"] form')).toHaveLength(1);
      } else {
        expect(scripts, page.path).toEqual(['/assets/site.js']);
        expect(preloads, page.path).toEqual([]);
        expect(doc.querySelector('[data-island]'), page.path).toBeNull();
      }
      // The content security policy allows no inline script: only files and data.
      for (const script of doc.querySelectorAll('script:not([src])')) {
        expect(script.getAttribute('type'), page.path).toBe('application/ld+json');
      }
    }
  });

  it('gives every page its own title and description, of 70 to 160 characters', () => {
    const titles = SITE_PAGES.map(documentTitle);
    const descriptions = SITE_PAGES.map((page) => page.description);
    expect(new Set(titles).size).toBe(SITE_PAGES.length);
    expect(new Set(descriptions).size).toBe(SITE_PAGES.length);
    for (const description of descriptions) {
      expect(description.length, description).toBeGreaterThanOrEqual(70);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
  });

  it.each([
    [paths.faq, GENERAL_FAQ],
    ['/faq/student', ROLE_FAQ.student],
    ['/faq/tutor', ROLE_FAQ.tutor],
  ] as const)('describes every question of %s as a FAQPage', async (path, items) => {
    const { doc } = await pageDocument(path);
    const [faq, ...more] = ofType(structuredData(doc), 'FAQPage');
    expect(more).toEqual([]);
    const questions = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.map((question) => question.name)).toEqual(
      items.map((item: FaqItem) => item.question),
    );
    for (const question of questions)
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(0);
  });

  it('describes no FAQ on the pages without questions', async () => {
    for (const page of SITE_PAGES.filter((item) => item.structuredData !== 'faq')) {
      const { doc } = await pageDocument(page.path);
      expect(ofType(structuredData(doc), 'FAQPage'), page.path).toEqual([]);
    }
  });

  it('offers each plan on sale for each period on /pricing, priced as the checkout prices it', async () => {
    const { doc } = await pageDocument(paths.pricing);
    const [service] = ofType(structuredData(doc), 'Service');
    const offers = service!.offers as Thing[];
    const onSale = PLANS.filter((plan) => plan.active && !plan.forInvitesOnly);
    expect(offers).toHaveLength(onSale.length * PAID_PLAN_PERIODS.length);
    const expected = onSale.flatMap((plan) =>
      PAID_PLAN_PERIODS.map((period) =>
        (pricePlanPurchase({ plan, period }).total / 100).toFixed(2),
      ),
    );
    expect(offers.map((offer) => offer.price).sort()).toEqual(expected.sort());
    // The seed's first plan, one month: 600 pounds, written as schema.org writes a price.
    expect(offers.map((offer) => offer.price)).toContain('600.00');
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.priceCurrency).toBe('EGP');
      expect(offer.url).toBe('https://site.talaqa.invalid/pricing');
    }
    expect(new Set(offers.map((offer) => offer.name)).size).toBe(offers.length);
  });

  it('offers nothing it does not know: /pricing without plans', async () => {
    const { doc } = await pageDocument(paths.pricing, { plans: undefined });
    expect(ofType(structuredData(doc), 'Service')).toEqual([]);
    expect(doc.body.textContent).toContain('تعذّر عرض الباقات الآن');
    expect(doc.querySelector('[data-period]')).toBeNull();
  });

  it('puts the live data into the live pages', async () => {
    const pricing = await pageDocument(paths.pricing);
    expect(pricing.doc.querySelectorAll('article')).toHaveLength(PLANS.length);
    expect(pricing.html).toContain(`${WEB_ORIGIN_MARK}/register/student?next=`);
    const home = await pageDocument(paths.home);
    expect(home.doc.querySelector('[aria-label="طلاقة بالأرقام"]')?.textContent).toContain(
      '١٢ معلمًا',
    );
    const quiet = await pageDocument(paths.home, {});
    expect(quiet.doc.querySelector('[aria-label="طلاقة بالأرقام"]')).toBeNull();
  });

  it.each(['/nope', '/url/summer', '/faq/someone', '/pricing/', 'pricing'])(
    'renders no page for %s',
    async (path) => {
      expect(await renderSitePage(path, ASSETS, DATA)).toBeUndefined();
    },
  );
});

describe('renderServicePage', () => {
  it.each([
    ['notFound', UI_MESSAGES.notFoundTitle],
    ['shortLinkNotFound', 'الرابط غير موجود'],
  ] as const)('renders %s for no search engine to keep', async (name, heading) => {
    const doc = parse(await renderServicePage(name, ASSETS));
    expect(doc.documentElement.getAttribute('lang')).toBe('ar-EG');
    expect(doc.documentElement.getAttribute('dir')).toBe('rtl');
    expect(doc.title).toBe(documentTitle(SERVICE_PAGES[name]));
    expect(meta(doc, 'name="robots"')).toBe('noindex');
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(doc.head.querySelector('meta[property^="og:"]')).toBeNull();
    expect(doc.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect([...doc.querySelectorAll('h1')].map((h1) => h1.textContent)).toEqual([heading]);
    expect(doc.querySelector('script[src="/assets/site.js"]')).toBeTruthy();
  });
});

describe('htmlDocument', () => {
  it('escapes the texts it puts in the head', () => {
    const page = {
      path: '/a',
      title: 'عنوان "مقتبس" & <b>',
      description: 'وصف <script>alert(1)</script> "x" & y',
    };
    const doc = parse(
      htmlDocument({ page, body: '<h1>x</h1>', assets: ASSETS, structuredData: '' }),
    );
    expect(doc.title).toBe(documentTitle(page));
    expect(meta(doc, 'name="description"')).toBe(page.description);
    expect(meta(doc, 'property="og:title"')).toBe(documentTitle(page));
    expect(meta(doc, 'name="twitter:description"')).toBe(page.description);
    expect(doc.querySelectorAll('script:not([src])')).toHaveLength(0);
  });
});

describe('structuredDataScript', () => {
  it('never lets a text close the script element, and reads back the same', () => {
    const hostile: FaqItem = {
      question: 'هل </script><script>alert(1)</script> <!-- آمن؟',
      answer: ['نعم </SCRIPT> <b>'],
    };
    const script = structuredDataScript([faqPage([hostile])]);
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.endsWith('</script>')).toBe(true);
    const text = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(text).not.toContain('<');
    const read = JSON.parse(text) as { '@graph': [{ mainEntity: [{ name: string }] }] };
    expect(read['@graph'][0].mainEntity[0].name).toBe(hostile.question);

    const doc = parse(`<!doctype html><html><head>${script}</head><body></body></html>`);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.querySelector('script')!.textContent ?? '')).toEqual(JSON.parse(text));
  });
});

describe('sitemapXml and robotsTxt', () => {
  it('lists every page of the site exactly once, and nothing else', () => {
    const xml = sitemapXml();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(
      SITE_PAGES.map((page) => `${SITE_ORIGIN_MARK}${page.path}`).sort(),
    );
    expect(xml.match(/<url>/g)).toHaveLength(SITE_PAGES.length);
  });

  it('names the sitemap and keeps crawlers out of the short links', () => {
    const robots = robotsTxt();
    expect(robots).toContain(`Sitemap: ${SITE_ORIGIN_MARK}/sitemap.xml`);
    expect(robots.split('\n')).toContain('Disallow: /url/');
    expect(robots.split('\n')).toContain('User-agent: *');
  });
});

describe('withOrigins', () => {
  const origins = { site: 'https://talaqa.eg', web: 'https://app.talaqa.eg' };

  it('replaces every mark of both origins', () => {
    const text = `${SITE_ORIGIN_MARK}/a ${WEB_ORIGIN_MARK}/b ${SITE_ORIGIN_MARK}/c ${WEB_ORIGIN_MARK}`;
    expect(withOrigins(text, origins)).toBe(
      'https://talaqa.eg/a https://app.talaqa.eg/b https://talaqa.eg/c https://app.talaqa.eg',
    );
  });

  it('leaves no mark in a served page, its sitemap or robots.txt', async () => {
    const { html } = await pageDocument(paths.pricing);
    for (const text of [html, sitemapXml(), robotsTxt()]) {
      const served = withOrigins(text, origins);
      expect(served).not.toContain('.invalid');
    }
    const doc = parse(withOrigins(html, origins));
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://talaqa.eg/pricing',
    );
    const start = doc.querySelector('a[data-app-link]')?.getAttribute('href') ?? '';
    expect(start.startsWith('https://app.talaqa.eg/register/student')).toBe(true);
  });
});
