/**
 * The accounts API: request bodies as zod schemas (the form and the server validate with the same
 * rule) and the shapes the server answers with. Paths are relative to /api/v1.
 */
import { z } from 'zod';
import type { Page, Topic, User } from '../entities';
import { DEVICE_TOKEN_MAX_LENGTH } from '../constants';
import { ENGLISH_LEVELS, NotificationMethod, Role, ROLES } from '../enums';
import {
  birthYearSchema,
  changePasswordSchema,
  emailSchema,
  genderSchema,
  governorateSchema,
  idSchema,
  mustMatch,
  notificationMethodSchema,
  pageQuerySchema,
  passwordSchema,
  phoneSchema,
  textSchema,
  topicSchema,
  userNameSchema,
  verificationCodeSchema,
} from '../validation';
import { tutorTextBodySchema } from './tutors';

/** Roles a person may choose when signing up alone; every other role is created by an admin. */
export const SELF_SIGN_UP_ROLES = [Role.Student, Role.Tutor] as const;
export type SelfSignUpRole = (typeof SELF_SIGN_UP_ROLES)[number];

/** The route word of `/register/{role}`. */
export const SIGN_UP_ROLE_OF_WORD = { student: Role.Student, tutor: Role.Tutor } as const;

const optionalText = (max: number) =>
  textSchema(() => 'invalid-type')
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
    passwordConfirmation: textSchema(() => 'required'),
    role: z.literal(ROLES, {
      error: (issue) => (issue.input == null ? 'required' : 'invalid-type'),
    }),
    /** The terms/privacy line of the sign-up page; admins creating users send true too. */
    acceptTerms: z.literal(true, { error: 'required' }),
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));
export type CreateUserBody = z.input<typeof createUserBodySchema>;

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
});
export type GoogleSignInBody = z.input<typeof googleSignInBodySchema>;

/** What sign-up, sign-in and Google sign-in answer. The token is `{id, iat, exp}` (HS256). */
export interface AuthSession {
  user: User;
  token: string;
  /**
   * Not in the spec (issue 15): a sign-in, a Google sign-in and a self sign-up also answer a
   * device token for this account, which the browser keeps past sign-out and sends with its next
   * password sign-in. Absent when an admin creates someone's account.
   */
  deviceToken?: string;
}

/** POST /auth/refresh-token (no body, the current bearer token) answers a fresh token. */
export interface RefreshTokenAnswer {
  token: string;
}

/**
 * PATCH /auth/password and POST /auth/sign-out-all (not in the spec's list) end every other
 * session and answer a fresh token for the caller's device, which the client stores.
 */
export type FreshTokenAnswer = RefreshTokenAnswer;

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

// ---------------------------------------------------------------------------------------------
// Confirmation codes

/** Answer of every `.../send`: when the code stops working and when another may be asked for. */
export interface CodeSentAnswer {
  expiresAt: string;
  resendAfter: string;
}

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
export interface PhoneCodeDeliveryAnswer {
  state: PhoneCodeDeliveryState;
  /** The E.164 number the code went to (null with `none`). */
  phone: string | null;
  /** Set when the code could not be delivered: the spec's `unresolved-phone`. */
  error: { code: 'unresolved-phone'; message: string } | null;
}

/** The realtime event PhoneCodeUndelivered (ours, issue 16), to the code owner's room. */
export interface PhoneCodeUndeliveredEvent {
  code: 'unresolved-phone';
  message: string;
  phone: string;
}

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
export interface PasswordCodeConfirmedAnswer {
  /** Short-lived token of purpose `forget-password`, for POST /auth/reset-password. */
  resetToken: string;
}

/** POST /auth/reset-password : the last step of the forgot-password dialog. */
export const resetPasswordBodySchema = z
  .object({
    resetToken: textSchema(() => 'required').min(1, 'required'),
    password: passwordSchema,
    passwordConfirmation: textSchema(() => 'required'),
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));

// ---------------------------------------------------------------------------------------------
// Users and students

/** GET /user/list (admins): filters and `{list, total}` pagination. */
export const userListQuerySchema = pageQuerySchema.extend({
  role: z.coerce.number().pipe(z.literal(ROLES)).optional(),
  /** Matches name, e-mail or phone as plain text (never a regular expression). */
  search: textSchema().trim().max(100, 'invalid-type').optional(),
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

/**
 * PUT /user/{id}: the owner may ask for a new e-mail (it waits for its code); admins may also
 * change the role and someone else's e-mail (another admin's only a super admin); a tutor's `bio`
 * and `about` (tutorTextBodySchema) are accepted for tutors only (anyone else's are refused
 * `invalid-type`).
 */
export function updateUserBodySchema(currentYear: number) {
  return profileFieldsSchema(currentYear).extend({
    role: z.literal(ROLES, { error: 'invalid-type' }).optional(),
    email: emailSchema.optional(),
    ...tutorTextBodySchema.shape,
  });
}
export type UpdateUserBody = z.input<ReturnType<typeof updateUserBodySchema>>;

/**
 * The settings form that changes one's own e-mail: PUT /user/{id} with just `email`. The new
 * address waits (User.pendingEmail) until the code sent to it is confirmed through
 * POST /confirmation-code/email/confirm; sending the current address again cancels it.
 */
export const changeEmailBodySchema = z.object({ email: emailSchema });
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

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
export type StudentProfileBody = z.input<ReturnType<typeof studentProfileBodySchema>>;

/**
 * PATCH /student/ : later edits of the main info. Every field is optional and only the fields
 * sent change; the four main-info fields cannot be cleared (null), so a complete profile stays
 * complete; job and aim may be (null or ""). An empty body is refused (`empty-request`).
 */
export function studentProfilePatchBodySchema(currentYear: number) {
  return studentProfileBodySchema(currentYear)
    .partial()
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      error: 'empty-request',
    });
}
export type StudentProfilePatchBody = z.input<ReturnType<typeof studentProfilePatchBodySchema>>;

// ---------------------------------------------------------------------------------------------
// Topics

/** POST /topic/ and PUT /topic/{id} (admins). */
export const topicBodySchema = topicSchema;

/** POST, DELETE and PATCH /topic/of/user: add, remove, or replace one's favourite topics. */
export const userTopicsBodySchema = z.object({
  topicIds: z.array(idSchema, { error: 'invalid-type' }).max(50, 'invalid-type'),
});
export type TopicList = Topic[];

/**
 * POST /user/ answers the new session and, for a self sign-up, when the verification e-mail with
 * its code went out (null when it could not be sent; the user asks again from the banner).
 */
export interface SignUpAnswer extends AuthSession {
  emailCode: CodeSentAnswer | null;
}

// ---------------------------------------------------------------------------------------------
// Telegram linking (not in the spec's routes; see docs/decisions/072-telegram-linking.md)

/**
 * POST /confirmation-code/phone/telegram-link : a deep link to the bot for the phone about to be
 * verified (by default the account's own). Start, then sharing that number, links the chat.
 */
export const telegramLinkBodySchema = z.object({ phone: phoneSchema.optional() });
export type TelegramLinkBody = z.input<typeof telegramLinkBodySchema>;

export interface TelegramLinkAnswer {
  /** `https://t.me/<bot>?start=<token>`, to open in a new tab. */
  url: string;
  /** This phone already has a linked chat: a code can be sent over Telegram right away. */
  linked: boolean;
  /** When the link stops working. */
  expiresAt: string;
}
