import { PreparingPage } from '@talaqa/ui';

export default function DemoSessionPage() {
  return (
    <PreparingPage
      title="الجلسة التجريبية"
      description="الجلسة التي يقدّم فيها المعلم الجديد درسًا تجريبيًا مدته ٣٠ دقيقة."
    />
  );
}
