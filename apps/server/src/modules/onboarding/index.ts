/**
 * Tutor onboarding (issue 21): the steps (each read by its owner's reader, handed in by app.ts),
 * the tutor's and the admin's views, and activation on `OnboardingStepChanged`.
 */
export { onboardingRoutes } from './routes';
export type { OnboardingOptions } from './routes';
export { activateIfOnboarded, stepsOf } from './service';
export type { OnboardingStepReader, OnboardingStepReaders, StepReader } from './steps';
