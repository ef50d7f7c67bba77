import { PageTitle } from '@talaqa/ui';
import { ProfileVisibility } from '../account/ProfileVisibility';
import { IntroVideoStep } from './IntroVideoStep';
import { OnboardingSteps } from './OnboardingSteps';

/**
 * /t/onboarding (issue 21 item 1): whether the profile is visible, where the tutor stands on
 * each step and what comes next, then the intro video's card. Booking the interview and the demo
 * session from here comes with their screens.
 */
export default function TutorOnboardingPage() {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="خطوات انضمام المعلم">
        <p>الفيديو التعريفي، ثم المقابلة، فالجلسة التجريبية، وجلسة التصوير اختياريًا.</p>
      </PageTitle>
      <ProfileVisibility />
      <OnboardingSteps />
      <IntroVideoStep />
    </section>
  );
}
