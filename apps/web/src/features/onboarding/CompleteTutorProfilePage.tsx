import { PreparingPage } from '@talaqa/ui';

export default function CompleteTutorProfilePage() {
  return (
    <PreparingPage
      title="إكمال ملف المعلم"
      description="البيانات التي يحتاجها ملفك كمعلم قبل أن يظهر للطلاب."
    />
  );
}
