import { PreparingPage } from '@talaqa/ui';

export default function InterviewsPage() {
  return (
    <PreparingPage title="المقابلات" description="مقابلات المعلمين الجدد ومواعيدها ونتائجها." />
  );
}
