/**
 * Every endpoint of the API, by feature (issue 17). The server refuses to start with a route that
 * serves no contract here, and the permission, fuzz and reference tests walk this list.
 */
import type { EndpointDefinition } from './contract/endpoint';
import { assetEndpoints } from './assets/contract';
import { storedFileEndpoints } from './assets/stored-files';
import { authEndpoints } from './auth/contract';
import { availabilityEndpoints } from './availability/contract';
import { calendarEndpoints } from './calendar/contract';
import { chatEndpoints } from './chat/contract';
import { codeEndpoints } from './codes/contract';
import { contactRequestEndpoints } from './contact/contract';
import { couponEndpoints } from './coupons/contract';
import { invoiceEndpoints } from './earnings/contract';
import { invoiceReportEndpoints } from './earnings/reports';
import { inviteEndpoints } from './invites/contract';
import { shortLinkEndpoints } from './short-links/contract';
import { healthEndpoints } from './health/contract';
import { demoSessionEndpoints, interviewEndpoints } from './interviews/contract';
import { lessonEndpoints } from './lessons/contract';
import { introVideoEndpoints, mediaEndpoints, photoSessionEndpoints } from './media/contract';
import { onboardingEndpoints } from './onboarding/contract';
import { platformSettingsEndpoints } from './platform-settings/contract';
import { auditEndpoints } from './audit/contract';
import { logEndpoints } from './logs/contract';
import { fawryEndpoints, paymobEndpoints } from './payments/contract';
import { planEndpoints, planInviteEndpoints } from './plans/contract';
import { ratingEndpoints } from './ratings/contract';
import { reportEndpoints } from './reports/contract';
import { referenceEndpoints } from './reference/contract';
import { sessionEndpoints } from './session/contract';
import { statsEndpoints } from './stats/contract';
import { studentEndpoints } from './students/contract';
import { subscriptionEndpoints } from './subscriptions/contract';
import { telegramEndpoints } from './telegram/contract';
import { topicEndpoints } from './topics/contract';
import { transactionEndpoints } from './transactions/contract';
import { tutorEndpoints } from './tutors/contract';
import { userEndpoints } from './users/contract';
import { whatsappEndpoints } from './whatsapp/contract';

export const API = {
  health: healthEndpoints,
  reference: referenceEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  students: studentEndpoints,
  codes: codeEndpoints,
  telegram: telegramEndpoints,
  whatsapp: whatsappEndpoints,
  assets: assetEndpoints,
  topics: topicEndpoints,
  tutors: tutorEndpoints,
  availability: availabilityEndpoints,
  lessons: lessonEndpoints,
  ratings: ratingEndpoints,
  calendar: calendarEndpoints,
  chat: chatEndpoints,
  sessions: sessionEndpoints,
  plans: planEndpoints,
  planInvites: planInviteEndpoints,
  coupons: couponEndpoints,
  invites: inviteEndpoints,
  shortLinks: shortLinkEndpoints,
  subscriptions: subscriptionEndpoints,
  fawry: fawryEndpoints,
  paymob: paymobEndpoints,
  transactions: transactionEndpoints,
  invoices: invoiceEndpoints,
  invoiceReports: invoiceReportEndpoints,
  contactRequests: contactRequestEndpoints,
  stats: statsEndpoints,
  introVideos: introVideoEndpoints,
  photoSessions: photoSessionEndpoints,
  media: mediaEndpoints,
  interviews: interviewEndpoints,
  demoSessions: demoSessionEndpoints,
  onboarding: onboardingEndpoints,
  platformSettings: platformSettingsEndpoints,
  audit: auditEndpoints,
  storedFiles: storedFileEndpoints,
  logs: logEndpoints,
  reports: reportEndpoints,
} as const;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(API).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);
