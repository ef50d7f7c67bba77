import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { normalizePhone } from '../messaging';
import { acceptForms, createLocalFastify, listenLocal } from '../outbox/local-server';
import type { LocalServer, LocalServerOptions } from '../outbox/local-server';
import type { Outbox } from '../outbox/outbox';
import { TELEGRAM_SECRET_TOKEN } from './bot-api';
import { TELEGRAM_SECRET_HEADER, TELEGRAM_START_PAYLOAD } from './updates';
import type { TelegramUpdateJson } from './updates';

export interface TelegramSimulatorOptions extends LocalServerOptions {
  outbox: Outbox;
  botToken: string;
  /** The bot's @username, without the @ (default `talaqa_local_bot`). */
  botUsername?: string;
}

export interface SimulatedUser {
  phoneNumber: string;
  /** The user's id, which is also the private chat's id. */
  chatId: number;
}

export interface SimulateLinkInput {
  phoneNumber: string;
  linkToken: string;
  firstName?: string;
  /** Shares someone else's contact instead of the user's own (default false). */
  shareOthersContact?: boolean;
}

export interface SimulateLinkResult extends SimulatedUser {
  /** The two updates, exactly as posted to the webhook. */
  updates: [TelegramUpdateJson, TelegramUpdateJson];
}

export interface TelegramSimulator extends LocalServer {
  readonly botUsername: string;
  /** The webhook the server registered with setWebhook, if any. */
  webhook(): { url: string; secretToken: string | undefined } | undefined;
  /**
   * Plays the user: `/start <linkToken>` (the deep link), then sharing their own contact with the
   * keyboard button, each POSTed to the webhook with the secret header. Rejects if no webhook is
   * set or the webhook does not answer 2xx.
   */
  simulateUserLinks(input: SimulateLinkInput): Promise<SimulateLinkResult>;
  /** The user blocks (or unblocks) the bot: sendMessage to them answers 403. */
  setBlocked(phoneNumber: string, blocked: boolean): void;
  /** POSTs any update to the webhook, as Telegram would. */
  deliverUpdate(update: TelegramUpdateJson): Promise<number>;
}

/**
 * A simulated user's id is their phone number's digits (every E.164 number fits in 2^53), so chat
 * ids stay valid across restarts of the simulator while the server keeps its links in the database.
 */
const chatIdOf = (phoneE164: string): number => Number(phoneE164.slice(1));
const phoneOfChat = (chatId: number): string | undefined =>
  Number.isSafeInteger(chatId) && chatId > 0 ? normalizePhone(`+${chatId}`) : undefined;

const unauthorized = { ok: false, error_code: 401, description: 'Unauthorized' } as const;
const notFound = { ok: false, error_code: 404, description: 'Not Found' } as const;

function failure(reply: FastifyReply, errorCode: number, description: string): FastifyReply {
  return reply.code(errorCode).send({ ok: false, error_code: errorCode, description });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};
/** What the user reads when a message was sent with parse_mode HTML. */
const visibleText = (html: string): string =>
  html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e);

/** Bot API parameters arrive as JSON, a query string or a urlencoded form; objects may be JSON text. */
const paramsSchema = z.record(z.string(), z.unknown());
const chatIdSchema = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
/** reply_markup as an object, or as JSON text (query strings and forms); undefined if unreadable. */
function replyMarkupOf(value: unknown): unknown {
  if (typeof value !== 'string')
    return typeof value === 'object' && value !== null ? value : undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A local stand-in for the Bot API: `/bot<token>/getMe`, `sendMessage`, `setWebhook`,
 * `deleteWebhook` and `getWebhookInfo` with Telegram's answers and errors. Sent messages go to
 * the outbox. For end-to-end tests it also answers `POST /simulator/link` and `/simulator/block`.
 */
export async function startTelegramSimulator(
  options: TelegramSimulatorOptions,
): Promise<TelegramSimulator> {
  const { outbox, botToken } = options;
  const botUsername = options.botUsername ?? 'talaqa_local_bot';
  const botUser = {
    id: Number(botToken.split(':')[0]) || 1,
    is_bot: true,
    first_name: 'طلاقة (محلي)',
    username: botUsername,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };
  let webhook: { url: string; secretToken: string | undefined } | undefined;
  const blocked = new Set<number>();
  const names = new Map<number, string>();
  let nextUpdateId = randomInt(100_000_000, 900_000_000);
  let nextMessageId = 1;
  const now = (): number => Math.floor(Date.now() / 1000);

  const app = createLocalFastify(options.logger);
  acceptForms(app);
  app.setErrorHandler((error, _request, reply) =>
    ((error as { statusCode?: number }).statusCode ?? 500) < 500
      ? failure(reply, 400, "Bad Request: can't parse request body")
      : failure(reply, 500, 'Internal Server Error'),
  );
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));

  const methods: Record<
    string,
    (params: Record<string, unknown>, reply: FastifyReply) => FastifyReply | object
  > = {
    getMe: () => ({ ok: true, result: botUser }),

    sendMessage: (params, reply) => {
      const chat = chatIdSchema.safeParse(params.chat_id);
      if (params.chat_id === undefined || params.chat_id === '') {
        return failure(reply, 400, 'Bad Request: chat_id is empty');
      }
      const text = typeof params.text === 'string' ? params.text : '';
      if (!text.trim()) return failure(reply, 400, 'Bad Request: message text is empty');
      if (text.length > 4096) return failure(reply, 400, 'Bad Request: message is too long');
      const phone = chat.success ? phoneOfChat(chat.data) : undefined;
      if (!chat.success || !phone) return failure(reply, 400, 'Bad Request: chat not found');
      const chatId = chat.data;
      if (blocked.has(chatId)) return failure(reply, 403, 'Forbidden: bot was blocked by the user');
      const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
      const messageId = nextMessageId++;
      const replyMarkup = replyMarkupOf(params.reply_markup);
      outbox.append({
        channel: 'telegram',
        to: phone,
        text: parseMode === 'HTML' ? visibleText(text) : text,
        meta: { chatId, messageId, parseMode, replyMarkup, raw: text },
      });
      return {
        ok: true,
        result: {
          message_id: messageId,
          from: {
            id: botUser.id,
            is_bot: true,
            first_name: botUser.first_name,
            username: botUsername,
          },
          chat: { id: chatId, first_name: names.get(chatId) ?? 'مستخدم', type: 'private' },
          date: now(),
          text: parseMode === 'HTML' ? visibleText(text) : text,
        },
      };
    },

    setWebhook: (params, reply) => {
      const url = typeof params.url === 'string' ? params.url : '';
      if (url === '') {
        const had = webhook !== undefined;
        webhook = undefined;
        return {
          ok: true,
          result: true,
          description: had ? 'Webhook was deleted' : 'Webhook is already deleted',
        };
      }
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        return failure(
          reply,
          400,
          'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
        );
      }
      const secret = params.secret_token;
      if (
        secret !== undefined &&
        (typeof secret !== 'string' || !TELEGRAM_SECRET_TOKEN.test(secret))
      ) {
        return failure(reply, 400, 'Bad Request: secret token contains unallowed characters');
      }
      const same = webhook?.url === url && webhook.secretToken === secret;
      webhook = { url, secretToken: secret };
      return {
        ok: true,
        result: true,
        description: same ? 'Webhook is already set' : 'Webhook was set',
      };
    },

    deleteWebhook: () => {
      const had = webhook !== undefined;
      webhook = undefined;
      return {
        ok: true,
        result: true,
        description: had ? 'Webhook was deleted' : 'Webhook is already deleted',
      };
    },

    getWebhookInfo: () => ({
      ok: true,
      result: {
        url: webhook?.url ?? '',
        has_custom_certificate: false,
        pending_update_count: 0,
        ...(webhook ? { max_connections: 40, ip_address: '127.0.0.1' } : {}),
      },
    }),
  };

  app.route<{ Params: { token: string; method: string }; Querystring: Record<string, string> }>({
    method: ['GET', 'POST'],
    url: '/bot:token/:method',
    handler: async (request, reply) => {
      if (!sameSecret(request.params.token, botToken)) return reply.code(401).send(unauthorized);
      // Method names are case-insensitive in the Bot API.
      const name = Object.keys(methods).find(
        (m) => m.toLowerCase() === request.params.method.toLowerCase(),
      );
      const method = name ? methods[name] : undefined;
      if (!method) return reply.code(404).send(notFound);
      const body = paramsSchema.safeParse(request.body);
      const params = { ...request.query, ...(body.success ? body.data : {}) };
      return method(params, reply);
    },
  });

  async function deliverUpdate(update: TelegramUpdateJson): Promise<number> {
    if (!webhook) throw new Error('Telegram simulator: no webhook set (call setWebhook first)');
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(webhook.secretToken ? { [TELEGRAM_SECRET_HEADER]: webhook.secretToken } : {}),
      },
      body: JSON.stringify(update),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) {
      throw new Error(`Telegram simulator: webhook answered ${response.status} to an update`);
    }
    return response.status;
  }

  function userOf(phoneNumber: string): SimulatedUser {
    const phone = normalizePhone(phoneNumber);
    if (!phone) throw new TypeError(`Telegram simulator: not a phone number: ${phoneNumber}`);
    return { phoneNumber: phone, chatId: chatIdOf(phone) };
  }

  async function simulateUserLinks(input: SimulateLinkInput): Promise<SimulateLinkResult> {
    if (!TELEGRAM_START_PAYLOAD.test(input.linkToken)) {
      throw new TypeError('Telegram simulator: a link token is 1-64 of A-Z a-z 0-9 _ -');
    }
    const user = userOf(input.phoneNumber);
    const firstName = input.firstName ?? 'مستخدم تجريبي';
    names.set(user.chatId, firstName);
    blocked.delete(user.chatId);
    const from = { id: user.chatId, is_bot: false, first_name: firstName, language_code: 'ar' };
    const chat = { id: user.chatId, first_name: firstName, type: 'private' };
    const command = `/start ${input.linkToken}`;
    const start = {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        from,
        chat,
        date: now(),
        text: command,
        entities: [{ offset: 0, length: 6, type: 'bot_command' }],
      },
    };
    await deliverUpdate(start);
    // Telegram apps send the number without "+"; someone else's contact has another user_id.
    const contactUserId = input.shareOthersContact ? user.chatId + 1 : user.chatId;
    const contact = {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        from,
        chat,
        date: now(),
        contact: {
          phone_number: user.phoneNumber.slice(1),
          first_name: firstName,
          user_id: contactUserId,
        },
      },
    };
    await deliverUpdate(contact);
    return { ...user, updates: [start, contact] };
  }

  function setBlocked(phoneNumber: string, isBlocked: boolean): void {
    const { chatId } = userOf(phoneNumber);
    if (isBlocked) blocked.add(chatId);
    else blocked.delete(chatId);
  }

  // For end-to-end tests in another process: play the user over HTTP.
  const linkBody = z.object({
    phoneNumber: z.string(),
    linkToken: z.string(),
    firstName: z.string().optional(),
    shareOthersContact: z.boolean().optional(),
  });
  app.post('/simulator/link', async (request, reply) => {
    const input = linkBody.safeParse(request.body);
    if (!input.success)
      return reply.code(400).send({ error: 'phoneNumber and linkToken required' });
    try {
      const { phoneNumber, chatId } = await simulateUserLinks(input.data);
      return { phoneNumber, chatId };
    } catch (error) {
      return reply.code(409).send({ error: error instanceof Error ? error.message : 'failed' });
    }
  });
  const blockBody = z.object({ phoneNumber: z.string(), blocked: z.boolean().default(true) });
  app.post('/simulator/block', async (request, reply) => {
    const input = blockBody.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'phoneNumber required' });
    try {
      setBlocked(input.data.phoneNumber, input.data.blocked);
      return { ok: true };
    } catch (error) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : 'failed' });
    }
  });

  const server = await listenLocal(app, options);
  return {
    ...server,
    botUsername,
    webhook: () => (webhook ? { ...webhook } : undefined),
    simulateUserLinks,
    setBlocked,
    deliverUpdate,
  };
}
