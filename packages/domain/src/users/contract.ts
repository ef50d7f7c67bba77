/**
 * Users (spec sections 3 and 6): sign-up and creation by admins, one's own account, the admins'
 * list and a profile as each caller may see it (api/profiles.ts).
 */
import { z } from 'zod';
import type { User } from '../entities';
import { admins, anyone, signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { userSchema, userViewSchema } from '../api/profiles';
import type { UserView } from '../api/profiles';
import { authSessionSchema } from '../auth/contract';
import { codeSentAnswerSchema } from '../codes/contract';
import { idParamsSchema } from '../validation';
import { createUserBodySchema, updateUserBodySchema, userListQuerySchema } from './validation';
import { userRoutes } from './routes';

/**
 * POST /user/ answers someone signing up with their new session and when the verification e-mail
 * with its code went out (null when it could not be sent).
 */
export const signUpAnswerSchema = authSessionSchema.extend({
  emailCode: codeSentAnswerSchema.nullable(),
});
export type SignUpAnswer = z.output<typeof signUpAnswerSchema>;

/**
 * An admin who creates someone's account gets the account alone: a session of it would hand the
 * admin a way to act as that person (record 253).
 */
export const accountCreatedAnswerSchema = z.object({ user: userSchema });
export const createUserAnswerSchema = z.union([signUpAnswerSchema, accountCreatedAnswerSchema]);
export type CreateUserAnswer = z.output<typeof createUserAnswerSchema>;

/** Whether POST /user/ answered a session (a sign-up), not an admin's created account. */
export const isSignUpSession = (answer: CreateUserAnswer): answer is SignUpAnswer =>
  'token' in answer;

/** Whether a profile view is the whole account (what its owner and admins are answered). */
export const isWholeAccount = (view: UserView): view is User => userSchema.safeParse(view).success;

export const userPageSchema = pageSchema(userSchema);
export type UserPage = z.output<typeof userPageSchema>;

/**
 * The birth year's bounds move with the year: read when this module loads, as the route read it
 * when the server started.
 */
const currentYear = new Date().getUTCFullYear();

export const userEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/user/',
    summary: 'Signs up (a student or a tutor), or an admin creates an account of any role',
    access: anyone,
    body: createUserBodySchema,
    responses: { 201: createUserAnswerSchema },
    errors: ['user-exists', 'too-many-requests'],
  }),
  current: endpoint({
    ...userRoutes.current,
    summary: 'The signed-in account',
    responses: { 200: userSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/list',
    summary: 'Every account, filtered and paged (admins)',
    access: admins,
    query: userListQuerySchema,
    responses: { 200: userPageSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/user/:id',
    summary: 'A profile, as much of it as the caller may see',
    access: signedIn,
    params: idParamsSchema,
    responses: { 200: userViewSchema },
    errors: ['user-not-found'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/user/:id',
    summary: "Edits one's own profile (admins: anyone's, with the role and e-mail)",
    description: "A new e-mail of one's own waits for the code sent to it (pendingEmail).",
    access: signedIn,
    params: idParamsSchema,
    body: updateUserBodySchema(currentYear),
    responses: { 200: userSchema },
    errors: [
      'user-not-found',
      'user-exists',
      'incorrect-phone',
      'unverified-phone',
      'too-many-requests',
    ],
  }),
};
