import { PreparingPage } from '@talaqa/ui';

export default function PlansPage() {
  return (
    <PreparingPage
      title="الباقات"
      description="إنشاء الباقات وتعديلها: الدقائق الأسبوعية والأسعار والخصومات لكل مدة."
    />
  );
}
