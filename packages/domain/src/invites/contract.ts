/**
 * Invites (spec section 7, issue 23; docs/decisions/343-invites.md): an admin invites someone by
 * e-mail to join as a tutor manager, a studio or a tutor, with a single-use sign-up link that
 * expires. Admins keep the list (POST /invite, PUT, DELETE, GET /invite/{id}, GET /invite/list);
 * the invited person reads their invite and accepts it with the link's token (not in the spec's
 * list: POST /invite/check, POST /invite/accept).
 */
import { z } from 'zod';
import { Role } from '../enums';
import { admins, anyone } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import {
  emailSchema,
  idParamsSchema,
  mustMatch,
  pageQuerySchema,
  passwordSchema,
  textSchema,
  userNameSchema,
} from '../validation';
import { idField } from '../payments/fields';
import { signUpAnswerSchema } from '../users/contract';
import { signUpCampaignSchema } from '../short-links/rules';

/** Roles an admin may invite; admins themselves are created by a super admin (POST /user/). */
export const INVITE_ROLES = [Role.TutorManager, Role.Studio, Role.Tutor] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** How long a sign-up link works after it is sent (or sent again). */
export const INVITE_VALID_DAYS = 7;

/**
 * Stored: pending, accepted, revoked; `expired` is a pending invite past its expiry (computed at
 * each read, so no job has to flip it).
 */
export const INVITE_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** The path of the web app's sign-up page for an invite's role (`/register/{word}?invite=`). */
export const INVITE_ROLE_WORD = {
  [Role.TutorManager]: 'tutor-manager',
  [Role.Studio]: 'studio',
  [Role.Tutor]: 'tutor',
} as const satisfies Record<InviteRole, string>;

const inviteRoleSchema = z.literal(INVITE_ROLES, {
  error: (issue) => (issue.input == null ? 'required' : 'invalid-type'),
});

export const inviteViewSchema = z.object({
  id: idField,
  email: z.string(),
  role: z.literal(INVITE_ROLES),
  state: z.enum(INVITE_STATES),
  expiresAt: instantSchema,
  /** The admin who sent it (last). */
  createdBy: z.number().int().nullable(),
  /** The account made with it, once accepted. */
  acceptedBy: z.number().int().nullable(),
  acceptedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type Invite = z.output<typeof inviteViewSchema>;
export const invitePageSchema = pageSchema(inviteViewSchema);
export type InvitePage = z.output<typeof invitePageSchema>;

/** POST /invite: who and as what. */
export const inviteCreateBodySchema = z.object({ email: emailSchema, role: inviteRoleSchema });
export type InviteCreateBody = z.input<typeof inviteCreateBodySchema>;

/** PUT /invite/{id}: sends the invite again (a new link, a new expiry), its role changed if given. */
export const inviteResendBodySchema = z.object({ role: inviteRoleSchema.optional() });
export type InviteResendBody = z.input<typeof inviteResendBodySchema>;

/** GET /invite/list: newest first, by state, by part of the e-mail. */
export const inviteListQuerySchema = pageQuerySchema.extend({
  state: z.enum(INVITE_STATES, { error: 'invalid-type' }).optional(),
  search: textSchema().trim().max(100, 'invalid-type').optional(),
});
export type InviteListQuery = z.input<typeof inviteListQuerySchema>;

/** The link's token: 43 base64url characters (32 random bytes). */
export const inviteTokenSchema = textSchema(() => 'required')
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'invalid-type');

export const inviteCheckBodySchema = z.object({ token: inviteTokenSchema });

/** What the invited person's sign-up page shows: the address and the role, fixed by the invite. */
export const inviteSummarySchema = z.object({
  email: z.string(),
  role: z.literal(INVITE_ROLES),
  expiresAt: instantSchema,
});
export type InviteSummary = z.output<typeof inviteSummarySchema>;

/** POST /invite/accept: the sign-up form without e-mail and role (the invite gives both). */
export const inviteAcceptBodySchema = z
  .object({
    token: inviteTokenSchema,
    name: userNameSchema,
    password: passwordSchema,
    passwordConfirmation: textSchema(() => 'required'),
    acceptTerms: z.literal(true, { error: 'required' }),
    /** Where the invited person came from, if a campaign brought them (record 351). */
    campaign: signUpCampaignSchema,
  })
  .refine(...mustMatch('password', 'passwordConfirmation', 'password-mismatch'));
export type InviteAcceptBody = z.input<typeof inviteAcceptBodySchema>;

const LINK_ERRORS = ['invite-not-found', 'invite-expired', 'invite-closed'] as const;

export const inviteEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/invite/list',
    summary: 'Invites, newest first, by state and e-mail (admins)',
    access: admins,
    query: inviteListQuerySchema,
    responses: { 200: invitePageSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/invite/:id',
    summary: 'One invite (admins)',
    access: admins,
    params: idParamsSchema,
    responses: { 200: inviteViewSchema },
    errors: ['invite-not-found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/invite',
    summary: 'Invites someone by e-mail to sign up with a role (admins)',
    description: `The link works once, for ${String(INVITE_VALID_DAYS)} days.`,
    access: admins,
    body: inviteCreateBodySchema,
    responses: { 201: inviteViewSchema },
    errors: ['user-exists', 'invite-exists', 'service-unavailable'],
  }),
  resend: endpoint({
    method: 'PUT',
    path: '/invite/:id',
    summary: 'Sends an invite again with a new link and expiry, its role changed if given',
    access: admins,
    params: idParamsSchema,
    body: inviteResendBodySchema,
    responses: { 200: inviteViewSchema },
    errors: ['invite-not-found', 'invite-closed', 'user-exists', 'service-unavailable'],
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/invite/:id',
    summary: 'Revokes an invite: its link stops working (admins)',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['invite-not-found', 'invite-closed'],
  }),
  check: endpoint({
    method: 'POST',
    path: '/invite/check',
    summary: "The invite of a link's token, while it can be accepted",
    access: anyone,
    body: inviteCheckBodySchema,
    responses: { 200: inviteSummarySchema },
    errors: [...LINK_ERRORS, 'too-many-requests'],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/invite/accept',
    summary: "Signs up with an invite's token: the account gets the invited e-mail and role",
    access: anyone,
    body: inviteAcceptBodySchema,
    responses: { 201: signUpAnswerSchema },
    errors: [...LINK_ERRORS, 'user-exists', 'too-many-requests'],
  }),
};
