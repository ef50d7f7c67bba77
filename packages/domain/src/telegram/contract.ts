/**
 * Linking a Telegram chat to an account so phone codes can go over Telegram (not in the spec's
 * routes): the account asks for a deep link, the person presses Start in the bot and shares their
 * contact, and the webhook keeps the chat when the number is the one being verified.
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { telegramLinkBodySchema } from './validation';

export const telegramLinkAnswerSchema = z.object({
  /** `https://t.me/<bot>?start=<token>`, to open in a new tab. */
  url: z.string(),
  /** This phone already has a linked chat: a code can be sent over Telegram right away. */
  linked: z.boolean(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type TelegramLinkAnswer = z.output<typeof telegramLinkAnswerSchema>;

export const telegramEndpoints = {
  link: endpoint({
    method: 'POST',
    path: '/confirmation-code/phone/telegram-link',
    summary: "The bot's deep link for the phone being verified (by default the account's own)",
    access: signedIn,
    // No body at all (Fastify makes it null) means the account's own phone too.
    body: telegramLinkBodySchema.nullish(),
    responses: { 200: telegramLinkAnswerSchema },
    errors: ['phone-required', 'service-unavailable', 'too-many-requests'],
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/telegram/webhook',
    summary: "Telegram's updates to the bot (its secret header is the only credential)",
    access: anyone,
    // Read by the Telegram adapter once the secret header is checked; any other update is ignored.
    body: z.unknown().meta({ description: 'A Telegram Update' }),
    responses: { 200: noContent },
    errors: ['unauthenticated', 'forbidden'],
    external: true,
  }),
};
