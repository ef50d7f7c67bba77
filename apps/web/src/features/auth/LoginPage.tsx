import { PreparingPage } from '@talaqa/ui';

export default function LoginPage() {
  return (
    <PreparingPage
      title="تسجيل الدخول"
      description="الدخول بالبريد الإلكتروني وكلمة المرور أو بحساب جوجل."
    />
  );
}
