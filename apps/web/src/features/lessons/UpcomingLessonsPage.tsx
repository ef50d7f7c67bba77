import { PreparingPage } from '@talaqa/ui';

export default function UpcomingLessonsPage() {
  return (
    <PreparingPage
      title="الدروس القادمة"
      description="دروسك المحجوزة القادمة، مع تعديلها أو إلغائها."
    />
  );
}
