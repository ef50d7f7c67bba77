export {
  classifyTelegramError,
  createTelegramBotSender,
  TELEGRAM_DEFAULT_API_URL,
  TELEGRAM_SECRET_TOKEN,
  TelegramApiError,
} from './bot-api';
export type {
  KeyboardButton,
  SendMessageOptions,
  TelegramBotSender,
  TelegramBotSenderOptions,
  TelegramBotUser,
  TelegramReplyMarkup,
} from './bot-api';
export {
  createLinkToken,
  parseTelegramUpdate,
  TELEGRAM_SECRET_HEADER,
  TELEGRAM_START_PAYLOAD,
  telegramStartLink,
  telegramUpdateSchema,
  verifyWebhookSecret,
} from './updates';
export type { TelegramUpdate, TelegramUpdateJson } from './updates';
export {
  createTelegramPhoneMessenger,
  sendTelegramCode,
  telegramCodeMessage,
  telegramLinkReplies,
} from './messenger';
export type { BotReply, TelegramChatResolver, TelegramPhoneMessengerOptions } from './messenger';
export { startTelegramSimulator } from './simulator';
export type {
  SimulatedUser,
  SimulateLinkInput,
  SimulateLinkResult,
  TelegramSimulator,
  TelegramSimulatorOptions,
} from './simulator';
