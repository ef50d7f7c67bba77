import type { BotReply, TelegramSimulator } from '../../integrations/telegram';

/**
 * What the Telegram feature needs from the bot: the deep link, the webhook's secret check, the
 * bot's replies and the webhook registration. The server builds it from the Bot API adapter (or
 * the local simulator); `disabledTelegramChannel` stands in when Telegram is not configured.
 */
export interface TelegramChannel {
  /** Telegram is configured, or simulated. */
  enabled: boolean;
  /** The local Bot API simulator, when one runs (it delivers updates to the webhook). */
  simulator: TelegramSimulator | undefined;
  /** `https://t.me/<bot>?start=<token>`. */
  startLink(linkToken: string): string;
  /** Constant-time check of the X-Telegram-Bot-Api-Secret-Token header. */
  verifyWebhook(headerValue: string | string[] | undefined): boolean;
  /** Sends one of the bot's answers to a chat (sendMessage). */
  reply(chatId: number, reply: BotReply): Promise<void>;
  /** setWebhook: Telegram POSTs updates to `url`, with the secret header. */
  setWebhook(url: string): Promise<void>;
}

const off = (): Promise<never> => Promise.reject(new Error('Telegram is not configured'));

export const disabledTelegramChannel: TelegramChannel = {
  enabled: false,
  simulator: undefined,
  startLink: () => {
    throw new Error('Telegram is not configured');
  },
  verifyWebhook: () => false,
  reply: off,
  setWebhook: off,
};

declare module 'fastify' {
  interface FastifyInstance {
    telegram: TelegramChannel;
  }
}
