import { PreparingPage } from '@talaqa/ui';

export default function UserSettingsPage() {
  return (
    <PreparingPage
      title="إعدادات المستخدم"
      description="إعدادات حسابك كمشرف: البيانات وكلمة المرور."
    />
  );
}
