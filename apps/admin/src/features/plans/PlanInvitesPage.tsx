import { PreparingPage } from '@talaqa/ui';

export default function PlanInvitesPage() {
  return (
    <PreparingPage
      title="دعوات الباقات"
      description="دعوة مستخدمين بعينهم إلى الباقات المخصصة للدعوات فقط."
    />
  );
}
