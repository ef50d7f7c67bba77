/**
 * The onboarding endpoints (issue 21): our extensions, named for what they answer
 * (docs/decisions/316-onboarding-and-activation.md). The tutor's `/t/onboarding` page reads its
 * own steps; the admin's `/tutors` page lists tutors with theirs.
 */
import { z } from 'zod';
import { admins, ADMIN_ROLES, rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema, queryFlag, queryId, queryWord } from '../contract/query-fields';
import { Role } from '../enums';
import { pageQuerySchema } from '../validation';
import { ONBOARDING_STEPS, STEP_STATES } from './rules';

export const onboardingStepSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  required: z.boolean(),
  state: z.enum(STEP_STATES),
  /** When the current state began (a pending appointment: its start). */
  at: instantSchema.nullable(),
  /** Rejected: from when a new try is allowed (null when it is allowed already). */
  retryAt: instantSchema.nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const tutorOnboardingSchema = z.object({
  tutorId: z.number().int(),
  name: z.string(),
  /** The account's e-mail: the admin's list shows and searches it (record 328). */
  email: z.string(),
  image: z.string().nullable(),
  steps: z.array(onboardingStepSchema),
  verified: z.object({ email: z.boolean(), phone: z.boolean() }),
  activated: z.boolean(),
  bypassOnboarding: z.boolean(),
  onboardedAt: instantSchema.nullable(),
  /** Shown in the public list and bookable now (`isTutorListed`). */
  listed: z.boolean(),
});
export type TutorOnboarding = z.infer<typeof tutorOnboardingSchema>;

export const tutorOnboardingPageSchema = pageSchema(tutorOnboardingSchema);
export type TutorOnboardingPage = z.infer<typeof tutorOnboardingPageSchema>;

/** GET /user/tutor/onboarding: the caller's own (a tutor); admins name `tutorId`. */
export const tutorOnboardingQuerySchema = z.object({ tutorId: queryId() });

/**
 * GET /user/tutor/onboarding/list (admins): tutors with their steps, newest first. `onboarded`:
 * onboarded (or bypassed) or not; `step` with `state`: tutors whose step is in that state;
 * `search`: part of the name or e-mail.
 */
export const tutorOnboardingListQuerySchema = pageQuerySchema.extend({
  onboarded: queryFlag(),
  step: queryWord(ONBOARDING_STEPS),
  state: queryWord(STEP_STATES),
  search: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.string({ error: 'invalid-type' }).max(100, { error: 'invalid-type' }).optional(),
    )
    .refine((value) => value === undefined || !value.includes('\u0000'), {
      error: 'invalid-type',
    }),
});
export type TutorOnboardingListQuery = z.input<typeof tutorOnboardingListQuerySchema>;
export type TutorOnboardingListFilters = z.output<typeof tutorOnboardingListQuerySchema>;

export const onboardingEndpoints = {
  own: endpoint({
    method: 'GET',
    path: '/user/tutor/onboarding',
    summary: 'A tutor’s onboarding steps and whether the tutor is onboarded and listed',
    access: rolesOnly(Role.Tutor, ...ADMIN_ROLES),
    query: tutorOnboardingQuerySchema,
    responses: { 200: tutorOnboardingSchema },
    errors: ['tutor-not-found'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/tutor/onboarding/list',
    summary: 'Tutors with the state of each onboarding step, filtered and paged (admins)',
    access: admins,
    query: tutorOnboardingListQuerySchema,
    responses: { 200: tutorOnboardingPageSchema },
  }),
};
