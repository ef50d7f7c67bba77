import { PreparingPage } from '@talaqa/ui';
import { ProfileVisibility } from '../account/ProfileVisibility';
import { IntroVideoStep } from './IntroVideoStep';

export default function TutorOnboardingPage() {
  return (
    <PreparingPage
      title="خطوات انضمام المعلم"
      description="مجموعة الدعم، ثم الفيديو التعريفي، فالمقابلة، فالجلسة التجريبية، وجلسة التصوير اختياريًا."
    >
      <ProfileVisibility />
      <IntroVideoStep />
    </PreparingPage>
  );
}
