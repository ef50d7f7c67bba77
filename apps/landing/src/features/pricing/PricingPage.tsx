import { PreparingPage } from '@talaqa/ui';

export default function PricingPage() {
  return (
    <PreparingPage
      title="الأسعار والباقات"
      description="باقات بعدد دقائق أسبوعي، تشترك فيها شهريًا أو كل ثلاثة أشهر أو سنويًا، والأسعار بالجنيه المصري."
    />
  );
}
