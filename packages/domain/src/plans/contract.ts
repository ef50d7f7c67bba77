/**
 * The plans catalogue (GET /plan/list, /plan/{id}; admins write) and plan invites (admins: who
 * may buy an invites-only plan), with the shapes they answer. Reading the catalogue is open to
 * everyone (the landing's /pricing and the plans page read it signed out); what each caller sees
 * is the service's decision.
 */
import { z } from 'zod';
import { admins, anyone } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { PLAN_NAMES, planNameOfWeeklyMinutes } from '../enums';
import { idParamsSchema } from '../validation';
import { instantSchema } from '../contract/query-fields';
import { idField, piastersField } from '../payments/fields';
import {
  createPlanBodySchema,
  createPlanInviteBodySchema,
  planInviteListQuerySchema,
  planListQuerySchema,
  updatePlanBodySchema,
  updatePlanInviteBodySchema,
} from './validation';

/** A plan as the API shows it, its full period prices computed (never stored). */
export const planViewSchema = z.object({
  id: idField,
  weeklyMinutes: z.number().int(),
  /** Piasters for one month before any discount. */
  baseMonthPrice: piastersField,
  /** Whole percents, 0-100. */
  monthDiscount: z.number().int(),
  quarterDiscount: z.number().int(),
  yearDiscount: z.number().int(),
  /** Piasters for the whole period before its discount. */
  fullMonthPrice: piastersField,
  fullQuarterPrice: piastersField,
  fullYearPrice: piastersField,
  /** The plan's state: inactive plans are not sold but existing subscriptions keep them. */
  active: z.boolean(),
  createdAt: instantSchema,
  forInvitesOnly: z.boolean(),
});
export const planPageSchema = pageSchema(planViewSchema);
export type PlanPage = z.output<typeof planPageSchema>;

/** A plan's id, weekly minutes and plans-page name (null for a plan with other minutes). */
export const planSummarySchema = z.object({
  id: idField,
  weeklyMinutes: z.number().int(),
  name: z.literal(PLAN_NAMES).nullable(),
});
export type PlanSummary = z.output<typeof planSummarySchema>;

export const planSummaryOf = (plan: { id: number; weeklyMinutes: number }): PlanSummary => ({
  id: plan.id,
  weeklyMinutes: plan.weeklyMinutes,
  name: planNameOfWeeklyMinutes(plan.weeklyMinutes),
});

/**
 * DELETE /plan/{id} (admins): a plan nobody bought is deleted; one with subscriptions or
 * transactions is deactivated instead (`deactivated: true`), since they refer to it.
 */
export const planDeletedAnswerSchema = z.object({ id: idField, deactivated: z.boolean() });
export type PlanDeletedAnswer = z.output<typeof planDeletedAnswerSchema>;

/** An invite of one student to one invites-only plan. */
export const planInviteSchema = z.object({
  id: idField,
  userId: idField,
  planId: idField,
  /** The admin who made the invite; null once that admin's account is deleted. */
  createdBy: idField.nullable(),
});

/** An invite as the admin's list shows it: with the student's name and e-mail and the plan. */
export const planInviteViewSchema = planInviteSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
  plan: planSummarySchema,
  createdAt: instantSchema,
});
export type PlanInviteView = z.output<typeof planInviteViewSchema>;
export const planInvitePageSchema = pageSchema(planInviteViewSchema);
export type PlanInvitePage = z.output<typeof planInvitePageSchema>;

export const planEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/plan/list',
    summary: 'The plans the caller may see (admins: every plan, inactive ones on request)',
    access: anyone,
    query: planListQuerySchema,
    responses: { 200: planPageSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/plan/:id',
    summary: 'One plan, if the caller may see it',
    access: anyone,
    params: idParamsSchema,
    responses: { 200: planViewSchema },
    errors: ['plan-not-found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/plan',
    summary: 'Adds a plan to the catalogue',
    access: admins,
    body: createPlanBodySchema,
    responses: { 201: planViewSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/plan/:id',
    summary: 'Changes the fields sent of a plan (prices count for purchases from then on)',
    access: admins,
    params: idParamsSchema,
    body: updatePlanBodySchema,
    responses: { 200: planViewSchema },
    errors: ['plan-not-found', 'empty-request'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/plan/:id',
    summary: 'Deletes a plan nobody bought, or deactivates one that was bought',
    access: admins,
    params: idParamsSchema,
    responses: { 200: planDeletedAnswerSchema },
    errors: ['plan-not-found'],
  }),
};

export const planInviteEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/plan-invite/list',
    summary: 'Invites to invites-only plans, newest first',
    access: admins,
    query: planInviteListQuerySchema,
    responses: { 200: planInvitePageSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/plan-invite',
    summary: 'Invites a student to an invites-only plan',
    access: admins,
    body: createPlanInviteBodySchema,
    responses: { 201: planInviteViewSchema },
    errors: ['user-not-found', 'student-not-found', 'plan-not-found', 'plan-invite-exists'],
  }),
  move: endpoint({
    method: 'PATCH',
    path: '/plan-invite',
    summary: 'Points an invite at another plan',
    access: admins,
    body: updatePlanInviteBodySchema,
    responses: { 200: planInviteViewSchema },
    errors: ['invite-not-found', 'plan-not-found', 'plan-invite-exists'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/plan-invite/:id',
    summary: 'Withdraws an invite',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['invite-not-found'],
  }),
};
