import { PreparingPage } from '@talaqa/ui';

export default function InterviewPage() {
  return (
    <PreparingPage
      title="المقابلة"
      description="غرفة المقابلة بين المعلم الجديد ومسؤول المقابلات، ومدتها ٣٠ دقيقة."
    />
  );
}
