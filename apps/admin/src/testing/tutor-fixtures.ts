// Answers of the tutor endpoints for the DOM tests (imported by *.test.tsx only).
import { ONBOARDING_STEPS, ReviewStatus, isRequiredStep } from '@talaqa/domain';
import type {
  IntroVideoView,
  OnboardingStep,
  OnboardingStepName,
  StudioTutor,
  Tutor,
  TutorOnboarding,
} from '@talaqa/domain';

/** A tutor's onboarding answer: every step not started unless `steps` says otherwise. */
export function onboardingOf(
  tutorId: number,
  steps: Partial<Record<OnboardingStepName, Partial<OnboardingStep>>> = {},
  overrides: Partial<TutorOnboarding> = {},
): TutorOnboarding {
  return {
    tutorId,
    name: 'منى حسن',
    email: 'mona@example.com',
    image: null,
    steps: ONBOARDING_STEPS.map((step) => ({
      step,
      required: isRequiredStep(step),
      state: 'not-started' as const,
      at: null,
      retryAt: null,
      ...steps[step],
    })),
    verified: { email: true, phone: false },
    activated: false,
    bypassOnboarding: false,
    onboardedAt: null,
    listed: false,
    ...overrides,
  };
}

export function tutorOf(id: number, overrides: Partial<Tutor> = {}): Tutor {
  return {
    id,
    bio: 'معلمة إنجليزية للمحادثة',
    about: 'أدرّس الإنجليزية منذ عشر سنوات.',
    video: null,
    thumbnail: null,
    activated: false,
    noticePeriod: 120,
    bypassOnboarding: false,
    missingData: [],
    ...overrides,
  };
}

export function introVideoOf(
  tutorId: number,
  overrides: Partial<IntroVideoView> = {},
): IntroVideoView {
  return {
    id: 70,
    tutorId,
    tutor: { id: tutorId, name: 'منى حسن', email: 'mona@example.com', image: null },
    status: ReviewStatus.Pending,
    durationSeconds: 64,
    video: 'intro.mp4',
    thumbnail: 'intro.jpg',
    videoUrl: '/api/v1/assets/media/intro.mp4?expires=1&signature=abcdefabcdefabcdef',
    thumbnailUrl: '/api/v1/assets/media/intro.jpg?expires=1&signature=abcdefabcdefabcdef',
    reason: null,
    reviewerId: null,
    reviewedAt: null,
    retryAfter: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function studioTutorOf(id: number, overrides: Partial<StudioTutor> = {}): StudioTutor {
  return {
    id,
    name: 'منى حسن',
    email: 'mona@example.com',
    image: null,
    phone: '+201012345678',
    photoSession: null,
    ...overrides,
  };
}
