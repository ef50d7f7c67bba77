import { PreparingPage } from '@talaqa/ui';

export default function FaqPage() {
  return (
    <PreparingPage
      title="الأسئلة الشائعة"
      description="إجابات عن أكثر ما يسأل عنه الطلاب والمعلمون."
    />
  );
}
