/**
 * Confirmation codes (spec section 7): e-mail, phone and forgotten-password codes. Request
 * schemas, shared by the forms and the server.
 */
import { z } from 'zod';
import { NotificationMethod } from '../enums';
import { emailSchema, phoneSchema, verificationCodeSchema } from '../validation';

/** POST /confirmation-code/email/confirm and /phone/verify */
export const confirmCodeBodySchema = z.object({ code: verificationCodeSchema });

/** The apps a phone code can go over (spec: "phone code (WhatsApp or Telegram)"). */
export const PHONE_CODE_CHANNELS = [
  NotificationMethod.WhatsApp,
  NotificationMethod.Telegram,
] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

/**
 * The channel of a phone code when the request names none: the user's notification method when
 * it is an app, else WhatsApp.
 */
export function defaultPhoneCodeChannel(method: NotificationMethod): PhoneCodeChannel {
  return method === NotificationMethod.Telegram
    ? NotificationMethod.Telegram
    : NotificationMethod.WhatsApp;
}

/**
 * POST /confirmation-code/phone/send : the phone to verify and the app the code goes over
 * (`channel`, default `defaultPhoneCodeChannel` of the user's notification method). The channel is
 * chosen here because notifications over an app are activated only once the phone is verified.
 */
export const sendPhoneCodeBodySchema = z.object({
  phone: phoneSchema,
  channel: z.literal(PHONE_CODE_CHANNELS, { error: 'invalid-type' }).optional(),
});
export type SendPhoneCodeBody = z.input<typeof sendPhoneCodeBodySchema>;

/** POST /confirmation-code/password/send : always answers the same, known e-mail or not. */
export const sendPasswordCodeBodySchema = z.object({ email: emailSchema });

/** POST /confirmation-code/password/confirm : the code checked; answers a forget-password token. */
export const confirmPasswordCodeBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
});
