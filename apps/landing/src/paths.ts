import { resolveWebUrl } from '@talaqa/api-client';

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

export const webRegisterUrl = (role: 'student' | 'tutor'): string => `${WEB_URL}/register/${role}`;

/** The main app's plans page, where a visitor picks a plan and pays. */
export const webPlansUrl = `${WEB_URL}/plans`;
