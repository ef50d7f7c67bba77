import { PreparingPage } from '@talaqa/ui';

export default function PrivacyPage() {
  return <PreparingPage title="سياسة الخصوصية" description="كيف نجمع بياناتك ونستخدمها ونحميها." />;
}
