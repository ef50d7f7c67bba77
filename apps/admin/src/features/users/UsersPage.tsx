import { PreparingPage } from '@talaqa/ui';

export default function UsersPage() {
  return (
    <PreparingPage
      title="المستخدمون"
      description="البحث في المستخدمين وتصفيتهم وإنشاء حسابات جديدة."
    />
  );
}
