import {
  isOnboardingComplete,
  isRequiredStep,
  isTutorListed,
  ONBOARDING_STEPS,
  Role,
} from '@talaqa/domain';
import type {
  OnboardingStepView,
  TutorOnboarding,
  TutorOnboardingListFilters,
  TutorOnboardingPage,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { refreshNextFree } from '../tutors';
import { findOnboardingTutor, lockOnboardingTutor, markOnboarded, tutorsForAdmin } from './repo';
import type { OnboardingTutorRow } from './repo';
import type { OnboardingStepReaders } from './steps';

/**
 * Tutor onboarding (issue 21): each step's state from the readers the app hands in, the tutor's
 * `/t/onboarding` answer, the admin's list, and activation: once every required step has passed
 * and the e-mail and phone are verified, the tutor is marked onboarded and activated (listed at
 * once). Decisions: docs/decisions/316-onboarding-and-activation.md.
 */

type Context = Pick<ServiceContext, 'db' | 'clock'>;

/** The steps in the stepper's order, each read by its reader (steps without one are left out). */
export async function stepsOf(
  db: Database,
  readers: OnboardingStepReaders,
  tutorId: number,
  now: Date,
): Promise<OnboardingStepView[]> {
  const views: OnboardingStepView[] = [];
  for (const step of ONBOARDING_STEPS) {
    const reader = readers.find((candidate) => candidate.step === step);
    if (!reader) continue;
    const state = await reader.read(db, tutorId, now);
    views.push({ step, required: isRequiredStep(step), ...state });
  }
  return views;
}

function toOnboarding(row: OnboardingTutorRow, steps: OnboardingStepView[]): TutorOnboarding {
  return {
    tutorId: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    steps: steps.map((step) => ({
      step: step.step,
      required: step.required,
      state: step.state,
      at: step.at?.toISOString() ?? null,
      retryAt: step.retryAt?.toISOString() ?? null,
    })),
    verified: { email: row.emailVerified, phone: row.phoneVerified },
    activated: row.activated,
    bypassOnboarding: row.bypassOnboarding,
    onboardedAt: row.onboardedAt?.toISOString() ?? null,
    listed: isTutorListed({
      activated: row.activated,
      onboarded: row.onboardedAt !== null,
      bypassOnboarding: row.bypassOnboarding,
    }),
  };
}

/** GET /user/tutor/onboarding: the caller's own; an admin names the tutor. */
export async function tutorOnboarding(
  { db, clock }: Context,
  readers: OnboardingStepReaders,
  caller: Identity,
  query: { tutorId?: number | undefined },
): Promise<TutorOnboarding> {
  const tutorId = isAdmin(caller) ? (query.tutorId ?? caller.userId) : caller.userId;
  const row = await findOnboardingTutor(db, tutorId);
  if (!row || row.role !== Role.Tutor) throw new AppError('tutor-not-found');
  return toOnboarding(row, await stepsOf(db, readers, tutorId, clock.now()));
}

/** GET /user/tutor/onboarding/list (admins). */
export async function tutorOnboardingList(
  { db, clock }: Context,
  readers: OnboardingStepReaders,
  query: TutorOnboardingListFilters,
): Promise<TutorOnboardingPage> {
  const now = clock.now();
  const rows = await tutorsForAdmin(db, query);
  const { page, size, step, state } = query;
  const start = (page - 1) * size;
  if (step === undefined && state === undefined) {
    const list: TutorOnboarding[] = [];
    for (const row of rows.slice(start, start + size)) {
      list.push(toOnboarding(row, await stepsOf(db, readers, row.id, now)));
    }
    return { list, total: rows.length };
  }
  // A step filter needs every tutor's steps (read in order; admins' lists are small).
  const matching: TutorOnboarding[] = [];
  for (const row of rows) {
    const steps = await stepsOf(db, readers, row.id, now);
    const fits = steps.some(
      (view) =>
        (step === undefined || view.step === step) && (state === undefined || view.state === state),
    );
    if (fits) matching.push(toOnboarding(row, steps));
  }
  return { list: matching.slice(start, start + size), total: matching.length };
}

/**
 * Marks the tutor onboarded (and activated) when every required step has passed and the e-mail
 * and phone are verified; nothing for anyone else or a tutor already onboarded. True when it
 * changed (the listing must then learn of it). Runs under a lock on the tutor's users row.
 */
export async function activateIfOnboarded(
  { db, clock }: Context,
  readers: OnboardingStepReaders,
  tutorId: number,
): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await lockOnboardingTutor(tx, tutorId);
    if (!row || row.role !== Role.Tutor || row.onboardedAt !== null) return false;
    const steps = await stepsOf(tx, readers, tutorId, now);
    const verified = { email: row.emailVerified, phone: row.phoneVerified };
    if (!isOnboardingComplete(steps, verified)) return false;
    const changed = await markOnboarded(tx, tutorId, now);
    if (changed) await refreshNextFree(tx, [tutorId], now);
    return changed;
  });
}
