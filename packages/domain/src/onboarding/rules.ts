/**
 * Tutor onboarding (spec sections 1, 2 "/t/onboarding", 5; issue 21): the steps a new tutor goes
 * through, each one's state, and when the tutor is onboarded. Pure; the server reads each step's
 * state and the screens show them. Decisions: docs/decisions/316-onboarding-and-activation.md.
 */

/** The steps in the order the stepper shows them. */
export const ONBOARDING_STEPS = [
  'support-group',
  'intro-video',
  'interview',
  'demo-session',
  'photo-session',
] as const;
export type OnboardingStepName = (typeof ONBOARDING_STEPS)[number];

export const STEP_STATES = ['not-started', 'pending', 'passed', 'rejected'] as const;
export type StepStateName = (typeof STEP_STATES)[number];

/**
 * One step's state: not started, pending (booked or waiting for review), passed, or rejected
 * (with the instant a new try is allowed, null when it is allowed already). `at`: when the
 * current state began (the appointment's start while pending).
 */
export interface StepState {
  state: StepStateName;
  at: Date | null;
  retryAt: Date | null;
}

export const NOT_STARTED: StepState = Object.freeze({
  state: 'not-started',
  at: null,
  retryAt: null,
});

export interface OnboardingStepView {
  step: OnboardingStepName;
  /** Whether onboarding waits for it (the photo session and the support group do not). */
  required: boolean;
  state: StepStateName;
  at: Date | null;
  retryAt: Date | null;
}

/** Steps that only help: the tutor is onboarded without them. */
const OPTIONAL_STEPS: ReadonlySet<OnboardingStepName> = new Set(['support-group', 'photo-session']);

export const isRequiredStep = (step: OnboardingStepName): boolean => !OPTIONAL_STEPS.has(step);

/**
 * Onboarded: every required step known has passed and the e-mail and the phone are verified
 * (spec section 5: a verified e-mail and phone are needed for a tutor profile). The interview
 * and the demo session are always among the steps, so an empty list never onboards anyone.
 */
export function isOnboardingComplete(
  steps: readonly Pick<OnboardingStepView, 'step' | 'required' | 'state'>[],
  verified: { email: boolean; phone: boolean },
): boolean {
  if (!verified.email || !verified.phone) return false;
  const names = new Set(steps.map((step) => step.step));
  if (!names.has('interview') || !names.has('demo-session')) return false;
  return steps.every((step) => !step.required || step.state === 'passed');
}
