import { PreparingPage } from '@talaqa/ui';

export default function LessonsPage() {
  return (
    <PreparingPage
      title="الدروس"
      description="كل الدروس على المنصة مع تصفيتها حسب الحالة والموعد."
    />
  );
}
