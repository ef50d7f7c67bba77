import { PreparingPage } from '@talaqa/ui';

export default function PhotoSessionsPage() {
  return (
    <PreparingPage
      title="جلسات التصوير"
      description="المعلمون الذين ينتظرون جلسة تصوير أو رفع موادها."
    />
  );
}
