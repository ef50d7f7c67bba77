import { PreparingPage } from '@talaqa/ui';

export default function UserPage() {
  return (
    <PreparingPage title="بيانات المستخدم" description="بيانات المستخدم ودوره واشتراكاته ونشاطه." />
  );
}
