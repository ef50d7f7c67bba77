import { PreparingPage } from '@talaqa/ui';

export default function TutorOnboardingPage() {
  return (
    <PreparingPage
      title="خطوات انضمام المعلم"
      description="مجموعة الدعم، ثم الفيديو التعريفي، فالمقابلة، فالجلسة التجريبية، وجلسة التصوير اختياريًا."
    />
  );
}
