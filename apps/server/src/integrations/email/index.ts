export { createSmtpEmailSender, isLoopbackHost, isSmtpUrl, smtpConnectionOptions } from './sender';
export type {
  EmailAttachment,
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
  paymentNoticeEmail,
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
  PaymentNoticeEmailInput,
  WelcomeEmailInput,
} from './templates';
export { escapeHtml } from './html';
