import type { OnboardingStepName, StepState } from '@talaqa/domain';
import type { Database } from '../../db';

/**
 * How one onboarding step is read: its state for a tutor at `now` (a rejection's `retryAt` is
 * relative to it). Each step's owner module provides its reader; the app hands the list to the
 * onboarding plugin (app.ts), so onboarding knows no step's tables.
 */
export type StepReader = (db: Database, tutorId: number, now: Date) => Promise<StepState>;

export interface OnboardingStepReader {
  step: OnboardingStepName;
  read: StepReader;
}

export type OnboardingStepReaders = readonly OnboardingStepReader[];
