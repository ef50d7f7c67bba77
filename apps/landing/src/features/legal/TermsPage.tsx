import { PreparingPage } from '@talaqa/ui';

export default function TermsPage() {
  return (
    <PreparingPage
      title="الشروط والأحكام"
      description="شروط استخدام منصة طلاقة للطلاب والمعلمين."
    />
  );
}
