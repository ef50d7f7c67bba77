export { createSmtpEmailSender, isLoopbackHost, isSmtpUrl, smtpConnectionOptions } from './sender';
export type {
  EmailMessage,
  EmailSender,
  SmtpConnectionOptions,
  SmtpEmailSender,
  SmtpEmailSenderOptions,
} from './sender';
export { startSmtpSimulator } from './simulator';
export type { SmtpSimulator, SmtpSimulatorOptions } from './simulator';
export {
  accountNoticeEmail,
  arabicMinutes,
  BRAND_NAME,
  chatNoticeEmail,
  lessonNoticeEmail,
  lessonReminderEmail,
  passwordResetCodeEmail,
  verificationCodeEmail,
  welcomeEmail,
} from './templates';
export type {
  AccountNotice,
  CodeEmailInput,
  EmailContent,
  ChatNoticeEmailInput,
  LessonNoticeEmailInput,
  LessonReminderEmailInput,
  WelcomeEmailInput,
} from './templates';
export { escapeHtml } from './html';
