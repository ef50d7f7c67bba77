import { PreparingPage } from '@talaqa/ui';

export default function TutorPage() {
  return <PreparingPage title="بيانات المعلم" description="ملف المعلم وحالة انضمامه وإحصاءاته." />;
}
