export {
  authenticationTemplateMessage,
  CHAT_NOTICE_TEMPLATE,
  chatNoticeTemplateText,
  classifyCloudError,
  cloudSendResponseSchema,
  cloudTemplateMessageSchema,
  createWhatsAppCloudSender,
  graphErrorSchema,
  LESSON_NOTICE_PARAMS,
  LESSON_NOTICE_TEMPLATE,
  lessonNoticeTemplateMessage,
  lessonNoticeTemplateText,
  LESSON_REMINDER_PARAMS,
  LESSON_REMINDER_TEMPLATE,
  lessonReminderTemplateMessage,
  lessonReminderTemplateText,
  PAYMENT_NOTICE_PARAMS,
  PAYMENT_NOTICE_TEMPLATE,
  paymentNoticeTemplateMessage,
  paymentNoticeTemplateText,
  WHATSAPP_DEFAULT_API_URL,
  WHATSAPP_DEFAULT_API_VERSION,
} from './cloud-api';
export type {
  ChatNoticeParams,
  CloudSendResponse,
  CloudTemplateMessage,
  GraphError,
  LessonNoticeParams,
  LessonReminderParams,
  PaymentNoticeParams,
  WhatsAppCloudOptions,
  WhatsAppChatNoticeSender,
  WhatsAppCloudSender,
  WhatsAppLessonNoticeSender,
  WhatsAppPaymentNoticeSender,
  WhatsAppReminderSender,
} from './cloud-api';
export { startWhatsAppSimulator } from './simulator';
export type { SimulatorCallback, WhatsAppSimulator, WhatsAppSimulatorOptions } from './simulator';
export {
  checkGraphApiVersion,
  GRAPH_API_VERSIONS,
  GRAPH_API_VERSIONS_SOURCE,
  VERSION_WARNING_DAYS,
  versionWarning,
} from './versions';
export type { VersionCheck } from './versions';
export {
  handshakeChallenge,
  notificationSchema,
  signWebhookBody,
  statusNotification,
  statusUpdates,
  verifyWebhookSignature,
  WHATSAPP_SIGNATURE_HEADER,
  WHATSAPP_STATUSES,
} from './webhook';
export type { StatusUpdate, WhatsAppNotification, WhatsAppStatus } from './webhook';
