import { resolveWebUrl } from '@talaqa/api-client';
import { withKeptCampaign } from './campaign';

/** Every route of the marketing site (spec section 2), with the spec's path parameters. */
export const paths = {
  home: '/',
  tutor: '/tutor',
  terms: '/terms',
  privacy: '/privacy',
  pricing: '/pricing',
  faq: '/faq',
  faqRole: '/faq/:role',
  contact: '/contact',
  shortUrl: '/url/:name',
  method: '/method',
  about: '/about',
} as const;

/** The two audiences of `/faq/:role`. */
export const FAQ_ROLES = ['student', 'tutor'] as const;
export type FaqRole = (typeof FAQ_ROLES)[number];

/** The main app, where sign-up happens: the served runtime config, VITE_WEB_URL, or port 4100. */
export const WEB_URL = resolveWebUrl(import.meta.env.VITE_WEB_URL).replace(/\/+$/, '');

/** The main app's sign-up, with this visit's campaign (record 351). */
export const webRegisterUrl = (role: 'student' | 'tutor'): string =>
  withKeptCampaign(`${WEB_URL}/register/${role}`);

/**
 * Student sign-up that leads on to this plan's checkout (`next`, kept through the e-mail code and
 * the profile steps); the web app's `/checkout/{planId}/{month|quarter|year}`.
 */
export const webCheckoutSignUpUrl = (planId: number, periodKind: string): string => {
  const url = new URL(webRegisterUrl('student'));
  url.searchParams.set('next', `/checkout/${planId}/${periodKind}`);
  return url.href;
};
