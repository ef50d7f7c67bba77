import { PreparingPage } from '@talaqa/ui';

export default function InterviewsPage() {
  return (
    <PreparingPage
      title="المقابلات"
      description="مواعيد مقابلات المعلمين الجدد وجلساتهم التجريبية ونتائجها."
    />
  );
}
