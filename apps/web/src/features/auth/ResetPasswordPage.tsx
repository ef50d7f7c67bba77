import { PreparingPage } from '@talaqa/ui';

export default function ResetPasswordPage() {
  return (
    <PreparingPage
      title="إعادة تعيين كلمة المرور"
      description="اختيار كلمة مرور جديدة بعد تأكيد الرمز المرسل إلى بريدك الإلكتروني."
    />
  );
}
