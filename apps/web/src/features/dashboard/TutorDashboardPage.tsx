import { PreparingPage } from '@talaqa/ui';

export default function TutorDashboardPage() {
  return (
    <PreparingPage
      title="لوحة تحكم المعلم"
      description="نظرة عامة على دروسك وإحصاءاتك، وإنشاء جدول مواعيدك."
    />
  );
}
