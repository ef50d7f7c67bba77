/**
 * Interviews and demo sessions (issue 21): tutors book 30 minutes with an active tutor manager
 * (whose time the appointments table guards), either side cancels, the manager decides; their
 * reminders; and the onboarding steps they decide (`interviewStep`, `demoSessionStep`).
 */
export { interviewRoutes } from './routes';
export { appointmentReminderJobs, APPOINTMENT_REMINDER_JOB } from './reminders';
export { demoSessionStep, interviewStep } from './steps';
export { findSessionMeeting } from './room';
export type { SessionMeeting } from './room';
