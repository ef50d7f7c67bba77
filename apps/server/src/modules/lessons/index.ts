/**
 * Lessons: booking, moving and cancelling one-to-one lessons (the minutes come from
 * subscriptions, the tutor's time from tutors), their reminders and realtime events.
 */
export { lessonRoutes } from './routes';
export { lessonReminderJobs } from './reminders';
export {
  attendanceOf,
  findSessionLesson,
  lessonAttendanceJobs,
  recordAttendance,
  sessionLessonOf,
} from './attendance';
export { LESSON_CLOSE_JOB, LESSON_NO_SHOW_JOB } from './attendance-schedule';
export { disabledReminderMessenger, lessonReminderText } from './reminders-messenger';
export type { LessonReminderMessenger } from './reminders-messenger';
export { countFulfilledLessons, hasFulfilledLessonWith } from './status';
export { lessonNoticeJobs } from './attendance-notices';
export { lessonConfirmationJobs, LESSON_CONFIRMATION_JOB } from './confirmations';
export {
  disabledLessonNoticeMessenger,
  isMeetingNotice,
  lessonNoticeText,
  noticeLinkLabel,
} from './attendance-notices-messenger';
export type {
  LessonCalendarFile,
  LessonNotice,
  LessonNoticeMessenger,
} from './attendance-notices-messenger';
