/**
 * The users' request schemas (the form and the server validate with the same rule): sign-up and
 * creation by an admin, the admins' list, and profile edits. Paths are relative to /api/v1.
 */
import { z } from 'zod';
import { ENGLISH_LEVELS, Role, ROLES } from '../enums';
import {
  birthYearSchema,
  emailSchema,
  genderSchema,
  governorateSchema,
  mustMatch,
  notificationMethodSchema,
  pageQuerySchema,
  passwordSchema,
  textSchema,
  userNameSchema,
} from '../validation';
import { signUpCampaignSchema } from '../short-links/rules';
import { tutorTextBodySchema } from '../tutors/profile';
import { optionalText } from './fields';

/** Roles a person may choose when signing up alone; every other role is created by an admin. */
export const SELF_SIGN_UP_ROLES = [Role.Student, Role.Tutor] as const;
export type SelfSignUpRole = (typeof SELF_SIGN_UP_ROLES)[number];

/** The route word of `/register/{role}`. */
export const SIGN_UP_ROLE_OF_WORD = { student: Role.Student, tutor: Role.Tutor } as const;

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
    /** Where the visitor came from (record 351); a malformed one is dropped, never refused. */
    campaign: signUpCampaignSchema,
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));
export type CreateUserBody = z.input<typeof createUserBodySchema>;

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
