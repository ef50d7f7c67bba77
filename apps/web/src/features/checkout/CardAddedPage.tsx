import { PreparingPage } from '@talaqa/ui';

export default function CardAddedPage() {
  return (
    <PreparingPage
      title="إضافة بطاقة الدفع"
      description="بعد إضافة بطاقتك من صفحة الدفع ستعود إلى هنا لمتابعة اشتراكك."
    />
  );
}
