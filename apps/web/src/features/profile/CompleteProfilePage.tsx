import { PreparingPage } from '@talaqa/ui';

export default function CompleteProfilePage() {
  return (
    <PreparingPage
      title="إكمال الملف الشخصي"
      description="ثلاث خطوات قصيرة: بياناتك الأساسية، ثم نبذة عنك، ثم الموضوعات التي تحب التحدث عنها."
    />
  );
}
