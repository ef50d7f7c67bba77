export {
  authenticationTemplateMessage,
  classifyCloudError,
  cloudSendResponseSchema,
  cloudTemplateMessageSchema,
  createWhatsAppCloudSender,
  graphErrorSchema,
  LESSON_REMINDER_PARAMS,
  LESSON_REMINDER_TEMPLATE,
  lessonReminderTemplateMessage,
  lessonReminderTemplateText,
  WHATSAPP_DEFAULT_API_URL,
  WHATSAPP_DEFAULT_API_VERSION,
} from './cloud-api';
export type {
  CloudSendResponse,
  CloudTemplateMessage,
  GraphError,
  LessonReminderParams,
  WhatsAppCloudOptions,
  WhatsAppCloudSender,
  WhatsAppReminderSender,
} from './cloud-api';
export { startWhatsAppSimulator } from './simulator';
export type { WhatsAppSimulator, WhatsAppSimulatorOptions } from './simulator';
