import { PreparingPage } from '@talaqa/ui';

export default function TutorAccountSettingsPage() {
  return (
    <PreparingPage
      title="إعدادات الحساب"
      description="كلمة المرور والإشعارات وتأكيد البريد الإلكتروني ورقم الهاتف."
    />
  );
}
