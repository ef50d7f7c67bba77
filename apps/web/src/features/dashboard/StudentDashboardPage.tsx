import { PreparingPage } from '@talaqa/ui';

export default function StudentDashboardPage() {
  return (
    <PreparingPage
      title="لوحة تحكم الطالب"
      description="نظرة عامة على دروسك القادمة والسابقة وملخص محادثاتك."
    />
  );
}
