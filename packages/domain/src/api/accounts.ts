/**
 * The accounts API: request bodies as zod schemas (the form and the server validate with the same
 * rule) and the shapes the server answers with. Paths are relative to /api/v1.
 */
import { z } from 'zod';
import type { Page, Topic, User } from '../entities';
import { ENGLISH_LEVELS, Role, ROLES } from '../enums';
import {
  birthYearSchema,
  changePasswordSchema,
  emailSchema,
  genderSchema,
  governorateSchema,
  notificationMethodSchema,
  pageQuerySchema,
  passwordSchema,
  phoneSchema,
  topicSchema,
  userNameSchema,
  verificationCodeSchema,
} from '../validation';

/** Roles a person may choose when signing up alone; every other role is created by an admin. */
export const SELF_SIGN_UP_ROLES = [Role.Student, Role.Tutor] as const;
export type SelfSignUpRole = (typeof SELF_SIGN_UP_ROLES)[number];

/** The route word of `/register/{role}`. */
export const SIGN_UP_ROLE_OF_WORD = { student: Role.Student, tutor: Role.Tutor } as const;

const optionalText = (max: number) =>
  z
    .string({ error: 'invalid-type' })
    .trim()
    .max(max, 'invalid-type')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

// ---------------------------------------------------------------------------------------------
// Sign-up and sign-in

/** POST /user/ : sign-up (anonymous, student or tutor) or creation by an admin (any role). */
export const createUserBodySchema = z
  .object({
    name: userNameSchema,
    email: emailSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: 'required' }),
    role: z.literal(ROLES, {
      error: (issue) => (issue.input == null ? 'required' : 'invalid-type'),
    }),
    /** The terms/privacy line of the sign-up page; admins creating users send true too. */
    acceptTerms: z.literal(true, { error: 'required' }),
  })
  .refine((form) => form.password === form.passwordConfirmation, {
    error: 'password-mismatch',
    path: ['passwordConfirmation'],
  });
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** POST /auth/password */
export const passwordSignInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'required' }).min(1, 'required'),
});
export type PasswordSignInBody = z.input<typeof passwordSignInBodySchema>;

/** POST /auth/google : the ID token Google (or the local simulator) handed to the browser. */
export const googleSignInBodySchema = z.object({
  idToken: z.string({ error: 'required' }).min(1, 'required'),
  nonce: z.string().optional(),
  /** The role to create when this Google account is new; default student. */
  role: z.literal(SELF_SIGN_UP_ROLES).optional(),
});
export type GoogleSignInBody = z.input<typeof googleSignInBodySchema>;

/** What sign-up, sign-in and Google sign-in answer. The token is `{id, iat, exp}` (HS256). */
export interface AuthSession {
  user: User;
  token: string;
}

/** POST /auth/refresh-token (no body, the current bearer token) answers a fresh token. */
export interface RefreshTokenAnswer {
  token: string;
}

/** PATCH /auth/password : change (or, for Google-only accounts, set) one's own password. */
export const changeOwnPasswordBodySchema = changePasswordSchema.or(
  z
    .object({ newPassword: passwordSchema, newPasswordConfirmation: z.string() })
    .refine((form) => form.newPassword === form.newPasswordConfirmation, {
      error: 'new-password-mismatch',
      path: ['newPasswordConfirmation'],
    }),
);

// ---------------------------------------------------------------------------------------------
// Confirmation codes

/** Answer of every `.../send`: when the code stops working and when another may be asked for. */
export interface CodeSentAnswer {
  expiresAt: string;
  resendAfter: string;
}

/** POST /confirmation-code/email/confirm and /phone/verify */
export const confirmCodeBodySchema = z.object({ code: verificationCodeSchema });

/** POST /confirmation-code/phone/send : the phone to verify, over the user's notification method. */
export const sendPhoneCodeBodySchema = z.object({ phone: phoneSchema });

/** POST /confirmation-code/password/send : always answers the same, known e-mail or not. */
export const sendPasswordCodeBodySchema = z.object({ email: emailSchema });

/** POST /confirmation-code/password/confirm : the code checked; answers a forget-password token. */
export const confirmPasswordCodeBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
});
export interface PasswordCodeConfirmedAnswer {
  /** Short-lived token of purpose `forget-password`, for POST /auth/reset-password. */
  resetToken: string;
}

/** POST /auth/reset-password : the last step of the forgot-password dialog. */
export const resetPasswordBodySchema = z
  .object({
    resetToken: z.string({ error: 'required' }).min(1, 'required'),
    password: passwordSchema,
    passwordConfirmation: z.string({ error: 'required' }),
  })
  .refine((form) => form.password === form.passwordConfirmation, {
    error: 'password-mismatch',
    path: ['passwordConfirmation'],
  });

// ---------------------------------------------------------------------------------------------
// Users and students

/** GET /user/list (admins): filters and `{list, total}` pagination. */
export const userListQuerySchema = pageQuerySchema.extend({
  role: z.coerce.number().pipe(z.literal(ROLES)).optional(),
  /** Matches name, e-mail or phone as plain text (never a regular expression). */
  search: z.string().trim().max(100).optional(),
  verifiedEmail: z.enum(['true', 'false']).optional(),
  sort: z.enum(['createdAt', 'name']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
/** The query as the server holds it after parsing (defaults filled in). */
export type UserListFilters = z.output<typeof userListQuerySchema>;
export type UserPage = Page<User>;

/** The profile fields every user edits (PUT /user/{id}); all optional, null clears. */
export function profileFieldsSchema(currentYear: number) {
  return z.object({
    name: userNameSchema.optional(),
    birthYear: birthYearSchema(currentYear).nullable().optional(),
    gender: genderSchema.nullable().optional(),
    city: governorateSchema.nullable().optional(),
    job: optionalText(100),
    aim: optionalText(500),
    level: z.literal(ENGLISH_LEVELS, { error: 'invalid-english-level' }).nullable().optional(),
    notificationMethod: notificationMethodSchema.optional(),
  });
}

/** PUT /user/{id}: admins may also change the role and the e-mail. */
export function updateUserBodySchema(currentYear: number) {
  return profileFieldsSchema(currentYear).extend({
    role: z.literal(ROLES, { error: 'invalid-type' }).optional(),
    email: emailSchema.optional(),
  });
}

/** POST /student/ : the "main info" step of the complete-profile stepper (all required). */
export function studentProfileBodySchema(currentYear: number) {
  return z.object({
    birthYear: birthYearSchema(currentYear),
    gender: genderSchema,
    city: governorateSchema,
    level: z.literal(ENGLISH_LEVELS, {
      error: (issue) => (issue.input == null ? 'required' : 'invalid-english-level'),
    }),
    job: optionalText(100),
    aim: optionalText(500),
  });
}

// ---------------------------------------------------------------------------------------------
// Topics

/** POST /topic/ and PUT /topic/{id} (admins). */
export const topicBodySchema = topicSchema;

/** POST, DELETE and PATCH /topic/of/user: add, remove, or replace one's favourite topics. */
export const userTopicsBodySchema = z.object({
  topicIds: z.array(z.number().int().positive(), { error: 'invalid-type' }).max(50, 'invalid-type'),
});
export type TopicList = Topic[];
