import { PreparingPage } from '@talaqa/ui';

export default function PlatformSettingsPage() {
  return (
    <PreparingPage
      title="إعدادات المنصة والذاكرة المؤقتة"
      description="إعدادات المنصة العامة وحدود السحب ومسح الذاكرة المؤقتة للخادم."
    />
  );
}
