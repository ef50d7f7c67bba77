/** Subscriptions (spec section 7, /sub/*): the admin list's filters and the cancel body. */
import { z } from 'zod';
import { pageQuerySchema } from '../validation';
import { bodyId } from '../contract/query-fields';
import { textId } from '../payments/fields';
import { SUBSCRIPTION_STATES } from './rules';

/** GET /sub/list (admins); GET /sub/{id} answers a SubscriptionView (own, or any for admins). */
export const subscriptionListQuerySchema = pageQuerySchema.extend({
  userId: textId().optional(),
  planId: textId().optional(),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'invalid-type' }).optional(),
});
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;

/**
 * PATCH /sub/cancel: a student cancels their own active subscription (no id); an admin names one.
 * Answers the SubscriptionView (`subscription-not-found`, `subscription-uncancellable`).
 */
export const cancelSubscriptionBodySchema = z.object({ subscriptionId: bodyId().optional() });
export type CancelSubscriptionBody = z.input<typeof cancelSubscriptionBodySchema>;
