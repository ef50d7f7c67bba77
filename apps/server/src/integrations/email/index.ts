export { createSmtpEmailSender, isSmtpUrl } from './sender';
export type { EmailMessage, EmailSender, SmtpEmailSender, SmtpEmailSenderOptions } from './sender';
export { startSmtpSimulator } from './simulator';
export type { SmtpSimulator, SmtpSimulatorOptions } from './simulator';
export {
  arabicMinutes,
  BRAND_NAME,
  lessonReminderEmail,
  passwordResetCodeEmail,
  verificationCodeEmail,
  welcomeEmail,
} from './templates';
export type {
  CodeEmailInput,
  EmailContent,
  LessonReminderEmailInput,
  WelcomeEmailInput,
} from './templates';
export { escapeHtml } from './html';
