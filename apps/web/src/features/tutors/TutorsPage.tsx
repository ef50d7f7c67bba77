import { PreparingPage } from '@talaqa/ui';

export default function TutorsPage() {
  return (
    <PreparingPage
      title="المعلمون"
      description="ابحث عن المعلم المناسب لك وتعرّف على تخصصاته وتقييمات طلابه."
    />
  );
}
