import { PreparingPage } from '@talaqa/ui';

export default function TutorsPage() {
  return <PreparingPage title="المعلمون" description="قائمة المعلمين وحالة تفعيلهم وانضمامهم." />;
}
