import { generatePath } from 'react-router';
import { PAID_PLAN_PERIODS, PERIOD_KIND_OF, PlanPeriod } from '@talaqa/domain';
import type { PaidPlanPeriod, PeriodKind } from '@talaqa/domain';

/** Every route of the main app (spec section 2), with the spec's path parameters. */
export const paths = {
  home: '/',
  chat: '/chat',
  completeProfile: '/complete-profile',
  checkout: '/checkout/:planId/:period',
  interviews: '/interviews',
  invoices: '/invoices',
  /** Ours (decision 335): the tutor's printable monthly statement, `?month=YYYY-MM`. */
  earningsStatement: '/invoices/statement',
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
export const lessonPath = (id: number): string => generatePath(paths.lesson, { id: String(id) });

// ---------------------------------------------------------------------------------------------
// The checkout address: /checkout/{planId}/{period}, the period as a word (month, quarter, year)

/** The paid period named by the address's word, or null (the free trial is never bought). */
export function paidPeriodOfKind(kind: string | undefined): PaidPlanPeriod | null {
  return PAID_PLAN_PERIODS.find((period) => PERIOD_KIND_OF[period] === kind) ?? null;
}

export const periodKindOf = (period: PaidPlanPeriod): PeriodKind => PERIOD_KIND_OF[period];

/** "/checkout/2/quarter" */
export const checkoutPath = (planId: number, period: PaidPlanPeriod): string =>
  generatePath(paths.checkout, { planId: String(planId), period: periodKindOf(period) });

/** "/checkout/2/quarter?tx=15": the result of one payment of that purchase. */
export const checkoutResultPath = (
  planId: number,
  period: PaidPlanPeriod,
  transactionId: number,
): string => `${checkoutPath(planId, period)}?tx=${transactionId}`;

export const isPaidPeriod = (period: PlanPeriod | null): period is PaidPlanPeriod =>
  period !== null && period !== PlanPeriod.FreeTrial;
