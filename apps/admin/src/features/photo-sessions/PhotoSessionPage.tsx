import { PreparingPage } from '@talaqa/ui';

export default function PhotoSessionPage() {
  return (
    <PreparingPage
      title="جلسة تصوير المعلم"
      description="رفع صورة المعلم وفيديوه التعريفي وصورته المصغّرة من جلسة التصوير."
    />
  );
}
