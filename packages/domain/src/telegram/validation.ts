/**
 * Linking a Telegram chat to an account (not in the spec's routes): see
 * docs/decisions/072-telegram-linking.md.
 */
import { z } from 'zod';
import { phoneSchema } from '../validation';

/**
 * POST /confirmation-code/phone/telegram-link : a deep link to the bot for the phone about to be
 * verified (by default the account's own). Start, then sharing that number, links the chat.
 */
export const telegramLinkBodySchema = z.object({ phone: phoneSchema.optional() });
export type TelegramLinkBody = z.input<typeof telegramLinkBodySchema>;
