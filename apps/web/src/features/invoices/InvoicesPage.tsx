import { PreparingPage } from '@talaqa/ui';

export default function InvoicesPage() {
  return (
    <PreparingPage
      title="الأرباح وطلبات السحب"
      description="أرباحك كمعلم وطلبات سحبها عبر إنستاباي أو التحويل البنكي أو المحفظة الإلكترونية."
    />
  );
}
