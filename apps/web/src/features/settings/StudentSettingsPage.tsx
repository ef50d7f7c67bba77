import { PreparingPage } from '@talaqa/ui';

export default function StudentSettingsPage() {
  return (
    <PreparingPage
      title="إعدادات الطالب"
      description="بياناتك وكلمة المرور والموضوعات المفضلة والإشعارات وتأكيد البريد والهاتف."
    />
  );
}
