import { z } from 'zod';
import { MessagingError } from '../messaging';

export const TELEGRAM_DEFAULT_API_URL = 'https://api.telegram.org';

/** What `secret_token` may contain (Bot API: 1-256 of A-Z, a-z, 0-9, _ and -). */
export const TELEGRAM_SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export interface KeyboardButton {
  text: string;
  request_contact?: boolean;
}

export type TelegramReplyMarkup =
  | {
      keyboard: KeyboardButton[][];
      resize_keyboard?: boolean;
      one_time_keyboard?: boolean;
      is_persistent?: boolean;
      input_field_placeholder?: string;
    }
  | { remove_keyboard: true }
  | { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };

export interface SendMessageOptions {
  parseMode?: 'HTML' | 'MarkdownV2';
  /** Forbids forwarding and saving: right for one-time codes. */
  protectContent?: boolean;
}

export interface TelegramBotUser {
  id: number;
  isBot: boolean;
  firstName: string;
  username: string | undefined;
}

/** The Bot API methods the server uses. */
export interface TelegramBotSender {
  sendMessage(
    chatId: number | string,
    text: string,
    replyMarkup?: TelegramReplyMarkup,
    options?: SendMessageOptions,
  ): Promise<{ messageId: number }>;
  /** Telegram will POST updates to `url` with `X-Telegram-Bot-Api-Secret-Token: secretToken`. */
  setWebhook(
    url: string,
    secretToken: string,
    options?: { allowedUpdates?: string[]; dropPendingUpdates?: boolean },
  ): Promise<void>;
  getMe(): Promise<TelegramBotUser>;
}

export interface TelegramBotSenderOptions {
  /** Bot API origin; the local simulator's URL in development. */
  apiUrl?: string;
  botToken: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Every Bot API answer: `{ ok: true, result }` or `{ ok: false, error_code, description }`. */
const apiAnswerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown(), description: z.string().optional() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number(),
    description: z.string(),
    parameters: z.object({ retry_after: z.number().optional() }).optional(),
  }),
]);

const sentMessageSchema = z.object({ message_id: z.number() });
const botUserSchema = z.object({
  id: z.number(),
  is_bot: z.boolean(),
  first_name: z.string(),
  username: z.string().optional(),
});

/** The chat cannot be written to: never started, blocked, deleted, or unknown to the bot. */
const UNREACHABLE_CHAT = /chat not found|user not found|PEER_ID_INVALID|bot can't initiate/i;

export class TelegramApiError extends Error {
  override name = 'TelegramApiError';
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfter: number | undefined,
  ) {
    super(`Telegram Bot API error ${errorCode}: ${description}`);
  }
}

/** Maps a failed sendMessage onto our kinds: 403 and "chat not found" mean the user is unreachable. */
export function classifyTelegramError(error: TelegramApiError): MessagingError {
  const options = { cause: error, providerCode: error.errorCode };
  const unreachable =
    error.errorCode === 403 ||
    (error.errorCode === 400 && UNREACHABLE_CHAT.test(error.description));
  return new MessagingError(
    unreachable ? 'unresolved-phone' : 'unavailable',
    error.message,
    options,
  );
}

/** The real adapter: JSON POSTs to `{apiUrl}/bot{token}/{method}`. The token never reaches a log. */
export function createTelegramBotSender(options: TelegramBotSenderOptions): TelegramBotSender {
  const apiUrl = (options.apiUrl ?? TELEGRAM_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Resolves with `result`; rejects with TelegramApiError, or MessagingError when unreachable. */
  async function call(method: string, params: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}/bot${options.botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      // The cause would carry the URL, and the URL carries the token.
      throw new MessagingError('unavailable', `Telegram Bot API unreachable (${method})`);
    }
    const parsed = apiAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new MessagingError('unavailable', `Telegram Bot API answered ${response.status}`, {
        providerCode: response.status,
      });
    }
    const answer = parsed.data;
    if (!answer.ok) {
      throw new TelegramApiError(
        answer.error_code,
        answer.description,
        answer.parameters?.retry_after,
      );
    }
    return answer.result;
  }

  const unavailable = (error: unknown): MessagingError =>
    error instanceof TelegramApiError
      ? new MessagingError('unavailable', error.message, {
          cause: error,
          providerCode: error.errorCode,
        })
      : (error as MessagingError);

  return {
    async sendMessage(chatId, text, replyMarkup, sendOptions = {}) {
      let result: unknown;
      try {
        result = await call('sendMessage', {
          chat_id: chatId,
          text,
          ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
          ...(sendOptions.parseMode ? { parse_mode: sendOptions.parseMode } : {}),
          ...(sendOptions.protectContent ? { protect_content: true } : {}),
        });
      } catch (error) {
        if (error instanceof TelegramApiError) throw classifyTelegramError(error);
        throw error;
      }
      const sent = sentMessageSchema.safeParse(result);
      if (!sent.success) throw new MessagingError('unavailable', 'sendMessage gave no message_id');
      return { messageId: sent.data.message_id };
    },

    async setWebhook(url, secretToken, webhookOptions = {}) {
      if (!TELEGRAM_SECRET_TOKEN.test(secretToken)) {
        throw new TypeError('Telegram secret token: 1-256 characters of A-Z, a-z, 0-9, _ and -');
      }
      try {
        await call('setWebhook', {
          url,
          secret_token: secretToken,
          allowed_updates: webhookOptions.allowedUpdates ?? ['message'],
          ...(webhookOptions.dropPendingUpdates ? { drop_pending_updates: true } : {}),
        });
      } catch (error) {
        throw unavailable(error);
      }
    },

    async getMe() {
      let result: unknown;
      try {
        result = await call('getMe', {});
      } catch (error) {
        throw unavailable(error);
      }
      const user = botUserSchema.parse(result);
      return {
        id: user.id,
        isBot: user.is_bot,
        firstName: user.first_name,
        username: user.username,
      };
    },
  };
}
