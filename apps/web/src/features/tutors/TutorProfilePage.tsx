import { PreparingPage } from '@talaqa/ui';

export default function TutorProfilePage() {
  return (
    <PreparingPage
      title="ملف المعلم"
      description="نبذة المعلم وتخصصاته وفيديوه التعريفي وتقييمات طلابه."
    />
  );
}
