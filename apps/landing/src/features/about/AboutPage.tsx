import { PreparingPage } from '@talaqa/ui';

export default function AboutPage() {
  return <PreparingPage title="من نحن" description="تعرّف على فريق طلاقة وعلى سبب إنشائها." />;
}
