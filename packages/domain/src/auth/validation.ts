/**
 * Signing in and passwords: the request schemas of /auth (the form and the server validate with
 * the same rule). Paths are relative to /api/v1.
 */
import { z } from 'zod';
import { DEVICE_TOKEN_MAX_LENGTH } from '../constants';
import {
  changePasswordSchema,
  emailSchema,
  mustMatch,
  passwordSchema,
  textSchema,
} from '../validation';
import { signUpCampaignSchema } from '../short-links/rules';
import { SELF_SIGN_UP_ROLES } from '../users/validation';

/** POST /auth/password */
export const passwordSignInBodySchema = z.object({
  email: emailSchema,
  password: textSchema(() => 'required').min(1, 'required'),
  /**
   * The device token this browser holds for this e-mail, if any (issue 15): when it is a valid
   * one of this account, wrong tries are counted for this device instead of the address. One
   * that is not (another account's, expired, forged) is ignored, never an error.
   */
  deviceToken: textSchema().max(DEVICE_TOKEN_MAX_LENGTH, 'invalid-type').nullable().optional(),
});
export type PasswordSignInBody = z.input<typeof passwordSignInBodySchema>;

/** POST /auth/google : the ID token Google (or the local simulator) handed to the browser. */
export const googleSignInBodySchema = z.object({
  idToken: textSchema(() => 'required').min(1, 'required'),
  /** The nonce the browser sent to Google; required, and the token must carry the same. */
  nonce: textSchema(() => 'required')
    .min(1, 'required')
    .max(200),
  /** The role to create when this Google account is new; default student. */
  role: z.literal(SELF_SIGN_UP_ROLES).optional(),
  /** Where the visitor came from, kept when this sign-in creates the account (record 351). */
  campaign: signUpCampaignSchema,
});
export type GoogleSignInBody = z.input<typeof googleSignInBodySchema>;

/** PATCH /auth/password with the current password: the settings form of an account with one. */
export const changeOwnPasswordBodySchema = changePasswordSchema;
export type ChangeOwnPasswordBody = z.input<typeof changeOwnPasswordBodySchema>;

/**
 * PATCH /auth/password without a current password: a Google-only account sets its first one.
 * `currentPassword` must be absent, so the server's union below always picks the right branch.
 */
export const setOwnPasswordBodySchema = z
  .object({
    currentPassword: z.undefined({ error: 'invalid-type' }).optional(),
    newPassword: passwordSchema,
    newPasswordConfirmation: textSchema(() => 'required'),
  })
  .refine(...mustMatch('newPassword', 'newPasswordConfirmation', 'new-password-mismatch'));
export type SetOwnPasswordBody = z.input<typeof setOwnPasswordBodySchema>;

/**
 * What the server accepts on PATCH /auth/password: either body above. Forms use the specific
 * schema (a union reports only one branch's field codes); with `currentPassword` absent only the
 * set branch can pass, with it present only the change branch.
 */
export const ownPasswordBodySchema = z.union([
  changeOwnPasswordBodySchema,
  setOwnPasswordBodySchema,
]);
export type OwnPasswordBody = z.input<typeof ownPasswordBodySchema>;

/** POST /auth/reset-password : the last step of the forgot-password dialog. */
export const resetPasswordBodySchema = z
  .object({
    resetToken: textSchema(() => 'required').min(1, 'required'),
    password: passwordSchema,
    passwordConfirmation: textSchema(() => 'required'),
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
