/**
 * Confirmation codes (spec section 7): e-mail and phone verification and the forgotten-password
 * code. Sending and checking are limited per address and per account.
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { userSchema } from '../api/profiles';
import {
  confirmCodeBodySchema,
  confirmPasswordCodeBodySchema,
  sendPasswordCodeBodySchema,
  sendPhoneCodeBodySchema,
} from './validation';

/** Answer of every `.../send`: when the code stops working and when another may be asked for. */
export const codeSentAnswerSchema = z.object({ expiresAt: z.string(), resendAfter: z.string() });
export type CodeSentAnswer = z.output<typeof codeSentAnswerSchema>;

/** A confirmed e-mail or phone code answers the account as it now is. */
export const codeConfirmedAnswerSchema = z.object({ user: userSchema });
export type CodeConfirmedAnswer = z.output<typeof codeConfirmedAnswerSchema>;

export const passwordCodeConfirmedAnswerSchema = z.object({
  /** Short-lived token of purpose `forget-password`, for POST /auth/reset-password. */
  resetToken: z.string(),
});
export type PasswordCodeConfirmedAnswer = z.output<typeof passwordCodeConfirmedAnswerSchema>;

const CHECK_ERRORS = [
  'invalid-verification-code',
  'expired-verification-code',
  'too-many-requests',
] as const;

export const codeEndpoints = {
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/email/send',
    summary: "Sends a code to the account's address (or to the new address waiting for one)",
    access: signedIn,
    responses: { 200: codeSentAnswerSchema },
    errors: ['email-already-verified', 'too-many-requests'],
  }),
  confirmEmailCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/email/confirm',
    summary: 'Confirms the e-mail code: the address is verified (or the new one takes over)',
    access: signedIn,
    body: confirmCodeBodySchema,
    responses: { 200: codeConfirmedAnswerSchema },
    errors: ['email-already-verified', 'user-exists', ...CHECK_ERRORS],
  }),
  sendPhoneCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/phone/send',
    summary: 'Sends a code to a phone over WhatsApp or Telegram',
    access: signedIn,
    body: sendPhoneCodeBodySchema,
    responses: { 200: codeSentAnswerSchema },
    errors: [
      'phone-already-verified',
      'unresolved-phone',
      'service-unavailable',
      'too-many-requests',
    ],
  }),
  verifyPhoneCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/phone/verify',
    summary: 'Confirms the phone code: the phone becomes the verified one',
    access: signedIn,
    body: confirmCodeBodySchema,
    responses: { 200: codeConfirmedAnswerSchema },
    errors: ['incorrect-phone', ...CHECK_ERRORS],
  }),
  sendPasswordCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/password/send',
    summary: 'Mails a password-reset code; answers the same whether the e-mail has an account',
    access: anyone,
    body: sendPasswordCodeBodySchema,
    responses: { 200: codeSentAnswerSchema },
    errors: ['too-many-requests'],
  }),
  confirmPasswordCode: endpoint({
    method: 'POST',
    path: '/confirmation-code/password/confirm',
    summary: 'Checks a password-reset code and answers a short-lived reset token',
    access: anyone,
    body: confirmPasswordCodeBodySchema,
    responses: { 200: passwordCodeConfirmedAnswerSchema },
    errors: [...CHECK_ERRORS],
  }),
};
