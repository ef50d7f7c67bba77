/**
 * Codes: one-time codes by e-mail, WhatsApp or Telegram (verify an address or a phone, reset a
 * password), the security events and notices around them, and their routes.
 */
export { codeRoutes } from './routes';
export { completeEmailChange, sendEmailVerificationCode } from './email-verification';
export { CODE_TTL_MINUTES, consumeCode, issueCode } from './service';
export type { IssuedCode } from './service';
export { recordSecurityEvent, scheduleNotice } from './security';
export type { AccountMessenger } from './messenger';
