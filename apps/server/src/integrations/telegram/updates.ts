import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { normalizePhone } from '../messaging';

/** The header Telegram sends with every webhook call when a secret token was set. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Deep-link payloads (`?start=`) may hold 1-64 of A-Z, a-z, 0-9, _ and -. */
export const TELEGRAM_START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

const userSchema = z.object({
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  language_code: z.string().optional(),
});

const messageSchema = z.object({
  message_id: z.number().int(),
  from: userSchema.optional(),
  chat: z.object({ id: z.number().int(), type: z.string() }),
  date: z.number().int(),
  text: z.string().optional(),
  contact: z
    .object({
      phone_number: z.string(),
      first_name: z.string(),
      last_name: z.string().optional(),
      user_id: z.number().int().optional(),
    })
    .optional(),
});

export const telegramUpdateSchema = z.object({
  update_id: z.number().int(),
  message: messageSchema.optional(),
});
export type TelegramUpdateJson = z.infer<typeof telegramUpdateSchema>;

/** What the webhook needs to know about an update; everything else is `other`. */
export type TelegramUpdate =
  | {
      kind: 'start';
      updateId: number;
      chatId: number;
      telegramUserId: number | undefined;
      /** The deep-link payload; undefined when the bot was opened without one (or a bad one). */
      linkToken: string | undefined;
    }
  | {
      kind: 'contact';
      updateId: number;
      chatId: number;
      telegramUserId: number;
      /** E.164 when it can be read as a phone number (Telegram may omit the "+"). */
      phoneNumber: string;
      /** The shared contact is the sender's own (the request_contact button), not someone else's. */
      isOwnContact: boolean;
    }
  | { kind: 'other'; updateId: number | undefined };

const START_COMMAND = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;

/** Reads a webhook body. Never throws: anything unexpected is `other`, to be acknowledged. */
export function parseTelegramUpdate(body: unknown): TelegramUpdate {
  const parsed = telegramUpdateSchema.safeParse(body);
  if (!parsed.success) {
    const updateId = (body as { update_id?: unknown } | null)?.update_id;
    return { kind: 'other', updateId: typeof updateId === 'number' ? updateId : undefined };
  }
  const { update_id: updateId, message } = parsed.data;
  // Phone linking happens in the private chat with the bot only, never in a group.
  if (!message || message.chat.type !== 'private') return { kind: 'other', updateId };
  const chatId = message.chat.id;

  const start = message.text === undefined ? null : START_COMMAND.exec(message.text.trim());
  if (start) {
    const payload = start[1];
    return {
      kind: 'start',
      updateId,
      chatId,
      telegramUserId: message.from?.id,
      linkToken: payload && TELEGRAM_START_PAYLOAD.test(payload) ? payload : undefined,
    };
  }

  if (message.contact && message.from) {
    const raw = message.contact.phone_number;
    return {
      kind: 'contact',
      updateId,
      chatId,
      telegramUserId: message.from.id,
      phoneNumber: normalizePhone(raw) ?? raw,
      isOwnContact: message.contact.user_id === message.from.id,
    };
  }
  return { kind: 'other', updateId };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time check of `X-Telegram-Bot-Api-Secret-Token` (hashing first hides the length).
 * Pass the raw header value; a missing or repeated header fails.
 */
export function verifyWebhookSecret(
  headerValue: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof headerValue !== 'string' || secret.length === 0) return false;
  return timingSafeEqual(digest(headerValue), digest(secret));
}

/** A fresh deep-link payload: 32 URL-safe characters, 192 bits. */
export const createLinkToken = (): string => randomBytes(24).toString('base64url');

/** `https://t.me/<bot>?start=<token>`: opens the bot, and Start sends `/start <token>`. */
export function telegramStartLink(botUsername: string, linkToken: string): string {
  if (!TELEGRAM_START_PAYLOAD.test(linkToken))
    throw new TypeError('Invalid Telegram start payload');
  const bot = botUsername.replace(/^@/, '');
  return `https://t.me/${encodeURIComponent(bot)}?start=${linkToken}`;
}
