import { PreparingPage } from '@talaqa/ui';

export default function ScheduleManagementPage() {
  return (
    <PreparingPage
      title="إدارة المواعيد"
      description="المواعيد المتاحة للحجز في جدولك الأسبوعي كمعلم."
    />
  );
}
