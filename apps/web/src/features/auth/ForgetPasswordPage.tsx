import { PreparingPage } from '@talaqa/ui';

export default function ForgetPasswordPage() {
  return (
    <PreparingPage
      title="نسيت كلمة المرور"
      description="أدخل بريدك الإلكتروني، ثم رمز التأكيد الذي يصلك، ثم كلمة المرور الجديدة."
    />
  );
}
