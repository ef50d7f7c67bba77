import { generatePath } from 'react-router';

/**
 * Every route constant of the admin dashboard (spec section 2). `media` and `serverStats` had
 * constants only; issue 23 asks for both pages (docs/decisions/347-stored-files.md,
 * docs/decisions/342-server-stats-channel.md). `transactions`
 * is ours (issue 5: the admin sees every payment; docs/decisions/116-admin-transactions-page.md).
 */
export const paths = {
  root: '/',
  invoices: '/invoices',
  media: '/media',
  login: '/login',
  plans: '/plans',
  users: '/users',
  user: '/user/:id',
  interviews: '/interviews',
  lessons: '/lessons',
  serverStats: '/server-stats',
  platformSettings: '/platform-settings',
  topics: '/topics',
  userSettings: '/user-settings',
  photoSession: '/photo-session/:tutorId',
  photoSessions: '/photo-sessions',
  tutor: '/tutor/:id',
  tutors: '/tutors',
  planInvites: '/plan-invites',
  transactions: '/transactions',
  /** Ours: the contact form's messages (docs/decisions/300-contact-requests.md). */
  contactRequests: '/contact-requests',
  /** Ours: short links and the table per campaign (docs/decisions/351-short-links.md). */
  shortLinks: '/short-links',
  /** Ours: problem reports sent from the main app (docs/decisions/348-problem-reports.md). */
  reports: '/reports',
} as const;

export const userPath = (id: string | number): string =>
  generatePath(paths.user, { id: String(id) });

export const tutorPath = (id: string | number): string =>
  generatePath(paths.tutor, { id: String(id) });
