import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { activateIfOnboarded, tutorOnboarding, tutorOnboardingList } from './service';
import type { OnboardingStepReaders } from './steps';

export interface OnboardingOptions {
  /** The steps' readers, from their modules (app.ts assembles the list). */
  steps: OnboardingStepReaders;
}

/**
 * Onboarding (issue 21): the tutor's steps, the admin's list, and activation. Whenever a step
 * is decided or a tutor verifies an e-mail or phone, the module that did it emits
 * `OnboardingStepChanged` after its commit; this re-checks those tutors and, when one became
 * onboarded, tells the listing (`TutorListingChanged`: the cache is forgotten, open tabs told).
 */
export const onboardingRoutes: FastifyPluginAsyncZod<OnboardingOptions> = async (app, options) => {
  const ctx = serviceContextOf(app, 'onboarding');
  const { steps } = options;

  app.domainEvents.on('OnboardingStepChanged', async ({ tutorIds }) => {
    const listed: number[] = [];
    for (const tutorId of tutorIds) {
      if (await activateIfOnboarded(ctx, steps, tutorId)) listed.push(tutorId);
    }
    if (listed.length > 0) await app.domainEvents.emit('TutorListingChanged', { tutorIds: listed });
  });

  serve(app, API.onboarding.own, async (request) =>
    tutorOnboarding(ctx, steps, identityOf(request), request.query),
  );

  serve(app, API.onboarding.list, async (request) =>
    tutorOnboardingList(ctx, steps, request.query),
  );
};
