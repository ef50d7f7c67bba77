/**
 * WhatsApp (issue 16): whether a phone code sent over WhatsApp arrived, and the Cloud API's
 * status webhook (the verification handshake and the signed notifications).
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';

/**
 * Where the newest phone code sent over WhatsApp stands (ours, issue 16): the Cloud API accepts a
 * message at once and reports later whether it arrived. `none`: no WhatsApp code on record;
 * `accepted`: sent, no news yet; `failed` carries `unresolved-phone` (the code was withdrawn).
 */
export const PHONE_CODE_DELIVERY_STATES = [
  'none',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type PhoneCodeDeliveryState = (typeof PHONE_CODE_DELIVERY_STATES)[number];

/** GET /confirmation-code/phone/delivery (ours), polled by the verification screen. */
export const phoneCodeDeliveryAnswerSchema = z.object({
  state: z.enum(PHONE_CODE_DELIVERY_STATES),
  /** The E.164 number the code went to (null with `none`). */
  phone: z.string().nullable(),
  /** Set when the code could not be delivered: the spec's `unresolved-phone`. */
  error: z.object({ code: z.literal('unresolved-phone'), message: z.string() }).nullable(),
});
export type PhoneCodeDeliveryAnswer = z.output<typeof phoneCodeDeliveryAnswerSchema>;

/** The realtime event PhoneCodeUndelivered (ours, issue 16), to the code owner's room. */
export interface PhoneCodeUndeliveredEvent {
  code: 'unresolved-phone';
  message: string;
  phone: string;
}

/** Meta's verification handshake: `hub.mode=subscribe`, the verify token and a challenge. */
const handshakeQuerySchema = z.looseObject({
  'hub.mode': z.unknown().optional(),
  'hub.verify_token': z.unknown().optional(),
  'hub.challenge': z.unknown().optional(),
});

export const whatsappEndpoints = {
  phoneCodeDelivery: endpoint({
    method: 'GET',
    path: '/confirmation-code/phone/delivery',
    summary: 'Whether the newest phone code sent over WhatsApp arrived',
    access: signedIn,
    responses: { 200: phoneCodeDeliveryAnswerSchema },
  }),
  verifyWebhook: endpoint({
    method: 'GET',
    path: '/whatsapp/webhook',
    summary: "Meta's webhook verification: answers the challenge when the verify token matches",
    access: anyone,
    query: handshakeQuerySchema,
    responses: { 200: z.string().meta({ description: 'hub.challenge, as text/plain' }) },
    errors: ['forbidden'],
    external: true,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/whatsapp/webhook',
    summary: "The Cloud API's signed status notifications (X-Hub-Signature-256)",
    access: anyone,
    // Read as raw bytes: the signature is checked over exactly what Meta signed, then parsed.
    body: z.unknown().meta({ description: 'A WhatsApp Business Account notification' }),
    responses: { 200: noContent },
    errors: ['unauthenticated', 'forbidden', 'bad-request'],
    external: true,
  }),
};
