import { PreparingPage } from '@talaqa/ui';

export default function ProfilePage() {
  return (
    <PreparingPage
      title="الملف الشخصي"
      description="بياناتك الشخصية وصورتك ومستواك في اللغة الإنجليزية."
    />
  );
}
