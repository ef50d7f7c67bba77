import { PreparingPage } from '@talaqa/ui';

export default function LessonPage() {
  return (
    <PreparingPage title="تفاصيل الدرس" description="موعد الدرس ومدته وحالته والمعلم والطالب." />
  );
}
