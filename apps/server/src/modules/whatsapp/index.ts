/** WhatsApp: messages we sent, and what the status webhook tells of their delivery. */
export { whatsappRoutes } from './routes';
export { disabledWhatsAppChannel } from './channel';
export type { WhatsAppChannel } from './channel';
export { findWhatsAppMessage } from './repo';
export { CHAT_NOTICE_FALLBACK_JOB, recordAcceptedMessage, REMINDER_FALLBACK_JOB } from './service';
