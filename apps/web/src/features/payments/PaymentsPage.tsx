import { PreparingPage } from '@talaqa/ui';

export default function PaymentsPage() {
  return (
    <PreparingPage
      title="المدفوعات"
      description="اشتراكاتك وعمليات الدفع السابقة وبطاقاتك المحفوظة."
    />
  );
}
