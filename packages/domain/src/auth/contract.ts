/**
 * Signing in, sessions and passwords (spec sections 4 and 6, issue 15): each endpoint once, with
 * what it answers. A token is `{id, iat, exp}` (HS256); sessions end with a password change, a
 * reset or sign-out-all.
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { authRoutes } from './routes';
import { userSchema } from '../api/profiles';
import {
  googleSignInBodySchema,
  ownPasswordBodySchema,
  passwordSignInBodySchema,
  resetPasswordBodySchema,
} from './validation';

/** What sign-up, sign-in and Google sign-in answer. */
export const authSessionSchema = z.object({
  user: userSchema,
  token: z.string(),
  /**
   * Not in the spec (issue 15): a sign-in, a Google sign-in and a self sign-up also answer a
   * device token for this account, which the browser keeps past sign-out and sends with its next
   * password sign-in. Absent when an admin creates someone's account.
   */
  deviceToken: z.string().optional(),
});
export type AuthSession = z.output<typeof authSessionSchema>;

/** POST /auth/refresh-token (no body, the current bearer token) answers a fresh token. */
export const refreshTokenAnswerSchema = z.object({ token: z.string() });
export type RefreshTokenAnswer = z.output<typeof refreshTokenAnswerSchema>;

/**
 * PATCH /auth/password and POST /auth/sign-out-all (not in the spec's list) end every other
 * session and answer a fresh token for the caller's device, which the client stores.
 * @alias of the refresh answer, named for these endpoints.
 */
export const freshTokenAnswerSchema = refreshTokenAnswerSchema;
export type FreshTokenAnswer = RefreshTokenAnswer;

export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/auth/password',
    summary: 'Signs in with e-mail and password',
    description:
      'Wrong passwords slow down the address (or the proven device) that makes them, for that ' +
      'account only; the wait comes back in Retry-After.',
    access: anyone,
    body: passwordSignInBodySchema,
    responses: { 200: authSessionSchema },
    errors: ['wrong-password', 'no-password', 'too-many-requests'],
  }),
  signInWithGoogle: endpoint({
    method: 'POST',
    path: '/auth/google',
    summary: 'Signs in (or signs up) with a Google ID token',
    access: anyone,
    body: googleSignInBodySchema,
    responses: { 200: authSessionSchema },
    errors: ['unauthenticated', 'service-unavailable', 'too-many-requests'],
  }),
  refreshToken: endpoint({
    ...authRoutes.refreshToken,
    summary: "A fresh token for the caller's session (never past the session's lifetime)",
    responses: { 200: refreshTokenAnswerSchema },
  }),
  signOutAll: endpoint({
    method: 'POST',
    path: '/auth/sign-out-all',
    summary: 'Ends every session of the account; the caller goes on with a fresh token',
    access: signedIn,
    responses: { 200: freshTokenAnswerSchema },
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/auth/password',
    summary: "Changes (or first sets) one's password; every other session ends",
    access: signedIn,
    body: ownPasswordBodySchema,
    responses: { 200: freshTokenAnswerSchema },
    errors: ['wrong-password', 'user-not-found', 'too-many-requests'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Sets a new password with the token of a confirmed reset code',
    access: anyone,
    body: resetPasswordBodySchema,
    responses: { 204: noContent },
    errors: ['expired-verification-code', 'too-many-requests'],
  }),
};
