import { ONBOARDING_STEPS, STEP_STATES, isOneOf } from '@talaqa/domain';
import type { OnboardingStepName, StepStateName } from '@talaqa/domain';

export type OnboardedFilter = 'true' | 'false';

/** The tutors page's filters, kept in the address so the back button and links keep them. */
export interface TutorFilters {
  page: number;
  search: string;
  onboarded: OnboardedFilter | undefined;
  /** A step and the state it is in: the server filters by both together. */
  step: OnboardingStepName | undefined;
  state: StepStateName | undefined;
}

export const DEFAULT_TUTOR_FILTERS: TutorFilters = {
  page: 1,
  search: '',
  onboarded: undefined,
  step: undefined,
  state: undefined,
};

export function readTutorFilters(params: URLSearchParams): TutorFilters {
  const page = Number(params.get('page'));
  const onboarded = params.get('onboarded');
  const step = params.get('step');
  const state = params.get('state');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_TUTOR_FILTERS.page,
    search: (params.get('search') ?? '').trim(),
    onboarded: onboarded === 'true' || onboarded === 'false' ? onboarded : undefined,
    step: step !== null && isOneOf(ONBOARDING_STEPS, step) ? step : undefined,
    state: state !== null && isOneOf(STEP_STATES, state) ? state : undefined,
  };
}

/** The address query for `filters`, leaving out what equals the default. */
export function writeTutorFilters(filters: TutorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.onboarded) params.set('onboarded', filters.onboarded);
  if (filters.step) params.set('step', filters.step);
  if (filters.state) params.set('state', filters.state);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

export const hasActiveTutorFilters = (filters: TutorFilters): boolean =>
  !!filters.search || !!filters.onboarded || !!filters.step || !!filters.state;
