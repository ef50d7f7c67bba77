/**
 * Lessons: booking, moving and cancelling one-to-one lessons (the minutes come from
 * subscriptions, the tutor's time from tutors), their reminders and realtime events.
 */
export { lessonRoutes } from './routes';
export { lessonReminderJobs } from './reminders';
export { disabledReminderMessenger, lessonReminderText } from './reminders-messenger';
export type { LessonReminderMessenger } from './reminders-messenger';
export { hasFulfilledLessonWith } from './status';
