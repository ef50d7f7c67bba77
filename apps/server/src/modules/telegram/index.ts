/** Telegram: linking a chat to an account (the bot's webhook) and finding the linked chat. */
export { telegramRoutes } from './routes';
export { disabledTelegramChannel } from './channel';
export type { TelegramChannel } from './channel';
export { linkedChatId } from './repo';
