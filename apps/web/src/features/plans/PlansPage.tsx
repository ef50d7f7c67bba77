import { PreparingPage } from '@talaqa/ui';

export default function PlansPage() {
  return (
    <PreparingPage
      title="الباقات"
      description="باقات بعدد دقائق أسبوعي، تشترك فيها شهريًا أو كل ثلاثة أشهر أو سنويًا."
    />
  );
}
