import { WEB_ORIGIN_MARK } from './site/origins';

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

/** The main app, where sign-up happens: its real origin is put in when the page is served. */
export const WEB_URL = WEB_ORIGIN_MARK;

/**
 * Marks a link into the main app: the page's script adds this visit's campaign to it (record
 * 351), since a prerendered page cannot know the campaign of the visit that reads it.
 */
export const APP_LINK_ATTRIBUTE = 'data-app-link';
export const appLink = (href: string) => ({ href, [APP_LINK_ATTRIBUTE]: '' });

/** The main app's sign-up. */
export const webRegisterUrl = (role: 'student' | 'tutor'): string => `${WEB_URL}/register/${role}`;

/**
 * Student sign-up that leads on to this plan's checkout (`next`, kept through the e-mail code and
 * the profile steps); the web app's `/checkout/{planId}/{month|quarter|year}`.
 */
export const webCheckoutSignUpUrl = (planId: number, periodKind: string): string => {
  const url = new URL(webRegisterUrl('student'));
  url.searchParams.set('next', `/checkout/${planId}/${periodKind}`);
  return url.href;
};
