import { PreparingPage } from '@talaqa/ui';

export default function TutorProfileSettingsPage() {
  return (
    <PreparingPage
      title="إعدادات الملف التعريفي"
      description="النبذة وفقرة «عن المعلم» والتخصصات والفيديو التعريفي."
    />
  );
}
