import { PreparingPage } from '@talaqa/ui';

export default function SessionPage() {
  return (
    <PreparingPage
      title="غرفة الدرس"
      description="الاتصال بالفيديو مع معلمك، بعد التحقق من الكاميرا والميكروفون."
    />
  );
}
