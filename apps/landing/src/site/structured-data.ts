import { PAID_PLAN_PERIODS, SUPPORT_WHATSAPP_URL, pricePlanPurchase } from '@talaqa/domain';
import type { Plan } from '@talaqa/domain';
import { BRAND_NAME, PLAN_PERIOD_NAMES_AR } from '@talaqa/ui';
import type { Block } from '../features/content/document';
import type { FaqItem } from '../features/faq/faq-content';
import { planTitle, plansOnSale } from '../features/pricing/PricingPage';
import { SITE_ORIGIN_MARK } from './origins';

/** schema.org data as search engines read it from `<script type="application/ld+json">`. */
type Thing = Record<string, unknown>;

const ORGANIZATION_ID = `${SITE_ORIGIN_MARK}/#organization`;

export const organization = (): Thing => ({
  '@type': 'Organization',
  '@id': ORGANIZATION_ID,
  name: BRAND_NAME,
  url: `${SITE_ORIGIN_MARK}/`,
  logo: `${SITE_ORIGIN_MARK}/apple-touch-icon.png`,
  description: 'منصة مصرية لدروس الإنجليزية الفردية المباشرة عبر الفيديو.',
  areaServed: { '@type': 'Country', name: 'Egypt' },
  contactPoint: {
    '@type': 'ContactPoint',
    contactType: 'customer support',
    url: SUPPORT_WHATSAPP_URL,
    availableLanguage: ['ar', 'en'],
  },
});

const blockText = (block: Block): string =>
  typeof block === 'string' ? block : block.list.join('، ');

/** The questions of a FAQ page, each with its whole answer as text. */
export const faqPage = (items: readonly FaqItem[]): Thing => ({
  '@type': 'FAQPage',
  inLanguage: 'ar-EG',
  mainEntity: items.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer.map(blockText).join('\n') },
  })),
});

/** Piasters as schema.org writes a price: a decimal number of pounds. */
const pounds = (piasters: number): string => (piasters / 100).toFixed(2);

/** One Offer per plan and period on sale, priced as the checkout prices it. */
export const planOffers = (plans: readonly Plan[], pageUrl: string): Thing => ({
  '@type': 'Service',
  name: 'دروس إنجليزي فردية مباشرة عبر الفيديو',
  serviceType: 'English lessons',
  provider: { '@id': ORGANIZATION_ID },
  areaServed: { '@type': 'Country', name: 'Egypt' },
  offers: plansOnSale(plans).flatMap((plan) =>
    PAID_PLAN_PERIODS.map((period) => ({
      '@type': 'Offer',
      name: `${planTitle(plan)}، ${PLAN_PERIOD_NAMES_AR[period]}`,
      price: pounds(pricePlanPurchase({ plan, period }).total),
      priceCurrency: 'EGP',
      availability: 'https://schema.org/InStock',
      url: pageUrl,
    })),
  ),
});

/**
 * The `<script type="application/ld+json">` of a page. `<` is written as `\u003c`, so no text in
 * the data can close the script element.
 */
export function structuredDataScript(things: readonly Thing[]): string {
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': things });
  return `<script type="application/ld+json">${json.replaceAll('<', '\\u003c')}</script>`;
}
