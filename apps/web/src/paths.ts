import { generatePath } from 'react-router';

/** Every route of the main app (spec section 2), with the spec's path parameters. */
export const paths = {
  home: '/',
  chat: '/chat',
  completeProfile: '/complete-profile',
  checkout: '/checkout/:planId/:period',
  interviews: '/interviews',
  invoices: '/invoices',
  login: '/login',
  payments: '/payments',
  profile: '/profile',
  register: '/register/:role',
  resetPassword: '/reset-password',
  lessonsSchedule: '/lessons-schedule',
  scheduleManagement: '/schedule-management',
  studentDashboard: '/s/dashboard',
  tutorDashboard: '/t/dashboard',
  tutorAccountSettings: '/t/account-settings',
  tutorProfileSettings: '/t/profile-settings',
  studentSettings: '/s/settings',
  plans: '/plans',
  tutorOnboarding: '/t/onboarding',
  interview: '/interview/:id',
  demoSession: '/demo-session/:id',
  tutors: '/tutors',
  tutorProfile: '/t/:id',
  upcomingLessons: '/upcoming-lessons',
  forgetPassword: '/forget-password',
  lesson: '/lesson/:id',
  session: '/session',
  cardAdded: '/card-added',
  tutorCompleteProfile: '/t/complete-profile',
} as const;

/** The two sign-up variants of `/register/:role`. */
export const REGISTER_ROLES = ['student', 'tutor'] as const;
export type RegisterRole = (typeof REGISTER_ROLES)[number];

export const registerPath = (role: RegisterRole): string => generatePath(paths.register, { role });
export const tutorProfilePath = (id: string | number): string =>
  generatePath(paths.tutorProfile, { id: String(id) });
