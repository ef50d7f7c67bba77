/**
 * Subscriptions (spec section 7): GET /sub/user (the caller's live one, a student's free trial
 * granted on first look), /sub/list (admins), /sub/{id}; PATCH /sub/cancel.
 */
import { z } from 'zod';
import { ADMIN_ROLES, admins, rolesOnly, signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { PLAN_PERIODS, Role } from '../enums';
import { idParamsSchema } from '../validation';
import { instantSchema } from '../contract/query-fields';
import { idField } from '../payments/fields';
import { planViewSchema } from '../plans/contract';
import { SUBSCRIPTION_STATES } from './rules';
import { cancelSubscriptionBodySchema, subscriptionListQuerySchema } from './validation';

/** A subscription as spec section 3 names it. */
export const subscriptionSchema = z.object({
  id: idField,
  userId: idField,
  planId: idField,
  period: z.literal(PLAN_PERIODS),
  /** The weekly quota in minutes. */
  weeklyMinutes: z.number().int(),
  /** Minutes used this week. */
  consumedMinutes: z.number().int(),
  /** Minutes left this week. */
  remainingMinutes: z.number().int(),
  startsAt: instantSchema,
  endsAt: instantSchema,
});

/** A subscription with its plan and where its weekly minutes stand. */
export const subscriptionViewSchema = subscriptionSchema.extend({
  plan: planViewSchema,
  state: z.enum(SUBSCRIPTION_STATES),
  canceledAt: instantSchema.nullable(),
  /** When the current quota week began (the last renewal, or the start). */
  weekStartedAt: instantSchema,
  /** When the weekly minutes are next restored; null when the subscription ends first. */
  nextRenewalAt: instantSchema.nullable(),
  /** False once more lessons were taken than cancelling allows (`subscription-uncancellable`). */
  cancellable: z.boolean(),
  /** The payment that bought it; null for a free trial or one an admin granted. */
  transactionId: idField.nullable(),
});
export type SubscriptionView = z.output<typeof subscriptionViewSchema>;
export const subscriptionPageSchema = pageSchema(subscriptionViewSchema);
export type SubscriptionPage = z.output<typeof subscriptionPageSchema>;

/** GET /sub/user: the caller's active subscription, or null. */
export type CurrentSubscriptionAnswer = SubscriptionView | null;

export const subscriptionEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/sub/user',
    summary: 'The caller’s live subscription, or null (a student’s free trial starts here)',
    access: signedIn,
    responses: { 200: subscriptionViewSchema.nullable() },
  }),
  list: endpoint({
    method: 'GET',
    path: '/sub/list',
    summary: 'Subscriptions, with filters',
    access: admins,
    query: subscriptionListQuerySchema,
    responses: { 200: subscriptionPageSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/sub/:id',
    summary: 'One subscription (the caller’s own; admins any)',
    access: signedIn,
    params: idParamsSchema,
    responses: { 200: subscriptionViewSchema },
    errors: ['subscription-not-found'],
  }),
  cancel: endpoint({
    method: 'PATCH',
    path: '/sub/cancel',
    summary: 'Cancels a live subscription (a student their own; an admin names one)',
    access: rolesOnly(Role.Student, ...ADMIN_ROLES),
    body: cancelSubscriptionBodySchema,
    responses: { 200: subscriptionViewSchema },
    errors: ['subscription-not-found', 'subscription-uncancellable', 'illegal'],
  }),
};
