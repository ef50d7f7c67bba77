/**
 * The plans catalogue and plan invites (spec section 7): request bodies and queries as zod
 * schemas whose failures carry catalogue codes. Money is whole piasters in every field.
 */
import { z } from 'zod';
import {
  pageQuerySchema,
  planDiscountSchema,
  planPriceSchema,
  planSchema,
  weeklyMinutesSchema,
} from '../validation';
import { bodyId } from '../contract/query-fields';
import { queryFlag, textId } from '../payments/fields';

/** POST /plan (admins): answers the Plan, its full period prices computed by `fullPeriodPrices`. */
export const createPlanBodySchema = planSchema;
export type CreatePlanBody = z.input<typeof createPlanBodySchema>;

/**
 * PATCH /plan/{id} (admins): only the fields sent change; `active: false` stops selling the plan
 * (its subscriptions keep running). A new price counts for purchases from then on. An empty body
 * is refused (`empty-request`).
 */
export const updatePlanBodySchema = z
  .object({
    weeklyMinutes: weeklyMinutesSchema.optional(),
    baseMonthPrice: planPriceSchema.optional(),
    monthDiscount: planDiscountSchema.optional(),
    quarterDiscount: planDiscountSchema.optional(),
    yearDiscount: planDiscountSchema.optional(),
    // Not planSchema.partial(): its default would quietly reset the flag on every edit.
    forInvitesOnly: z.boolean({ error: 'invalid-type' }).optional(),
    active: z.boolean({ error: 'invalid-type' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'empty-request',
  });
export type UpdatePlanBody = z.input<typeof updatePlanBodySchema>;

/**
 * GET /plan/list: students see the active plans open to everyone plus those they are invited to;
 * admins see every plan, inactive ones only with `includeInactive=true`. GET /plan/{id} answers a
 * Plan with the same visibility (`plan-not-found` otherwise).
 */
export const planListQuerySchema = pageQuerySchema.extend({ includeInactive: queryFlag() });
export type PlanListQuery = z.input<typeof planListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Plan invites (admins): who may buy an invites-only plan

/** GET /plan-invite/list */
export const planInviteListQuerySchema = pageQuerySchema.extend({
  planId: textId().optional(),
  userId: textId().optional(),
});
export type PlanInviteListQuery = z.input<typeof planInviteListQuerySchema>;

/** POST /plan-invite: answers the PlanInviteView (`user-not-found`, `plan-not-found`). */
export const createPlanInviteBodySchema = z.object({ userId: bodyId(), planId: bodyId() });
export type CreatePlanInviteBody = z.input<typeof createPlanInviteBodySchema>;

/** PATCH /plan-invite: points an invite at another plan; answers the PlanInviteView. */
export const updatePlanInviteBodySchema = z.object({ id: bodyId(), planId: bodyId() });
export type UpdatePlanInviteBody = z.input<typeof updatePlanInviteBodySchema>;
