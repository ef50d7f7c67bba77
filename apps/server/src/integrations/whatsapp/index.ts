export {
  authenticationTemplateMessage,
  classifyCloudError,
  cloudSendResponseSchema,
  cloudTemplateMessageSchema,
  createWhatsAppCloudSender,
  graphErrorSchema,
  WHATSAPP_DEFAULT_API_URL,
  WHATSAPP_DEFAULT_API_VERSION,
} from './cloud-api';
export type {
  CloudSendResponse,
  CloudTemplateMessage,
  GraphError,
  WhatsAppCloudOptions,
  WhatsAppCloudSender,
} from './cloud-api';
export { startWhatsAppSimulator } from './simulator';
export type { WhatsAppSimulator, WhatsAppSimulatorOptions } from './simulator';
