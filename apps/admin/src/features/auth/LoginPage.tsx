import { PreparingPage } from '@talaqa/ui';

export default function LoginPage() {
  return (
    <PreparingPage
      title="دخول المشرفين"
      description="الدخول إلى لوحة الإدارة لحسابات المشرفين فقط."
    />
  );
}
