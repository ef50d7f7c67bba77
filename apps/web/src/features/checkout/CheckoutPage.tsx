import { PreparingPage } from '@talaqa/ui';

export default function CheckoutPage() {
  return (
    <PreparingPage
      title="إتمام الدفع"
      description="ملخص الباقة التي اخترتها، ثم الدفع بالبطاقة أو المحفظة الإلكترونية أو الرقم المرجعي من فوري."
    />
  );
}
