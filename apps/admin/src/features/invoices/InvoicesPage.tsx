import { PreparingPage } from '@talaqa/ui';

export default function InvoicesPage() {
  return (
    <PreparingPage
      title="الفواتير وطلبات السحب"
      description="طلبات سحب أرباح المعلمين وحالاتها، مع تنفيذها أو رفضها وإضافة الملاحظات."
    />
  );
}
