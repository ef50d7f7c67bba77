import type { OnboardingStep, TutorOnboarding } from '@talaqa/domain';

const notStarted = (step: OnboardingStep['step']): OnboardingStep => ({
  step,
  required: step !== 'photo-session',
  state: 'not-started',
  at: null,
  retryAt: null,
});

/** A tutor's GET /user/tutor/onboarding answer: every step not started unless overridden. */
export function onboardingOf(
  tutorId: number,
  steps: Partial<Record<OnboardingStep['step'], Partial<OnboardingStep>>> = {},
  overrides: Partial<TutorOnboarding> = {},
): TutorOnboarding {
  const names: OnboardingStep['step'][] = ['intro-video', 'interview', 'demo-session'];
  return {
    tutorId,
    name: 'أحمد علي',
    email: 'ahmed@example.com',
    image: null,
    steps: names.map((name) => ({ ...notStarted(name), ...steps[name] })),
    verified: { email: true, phone: false },
    activated: false,
    bypassOnboarding: false,
    onboardedAt: null,
    listed: false,
    ...overrides,
  };
}
