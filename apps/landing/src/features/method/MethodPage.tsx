import { PreparingPage } from '@talaqa/ui';

export default function MethodPage() {
  return (
    <PreparingPage
      title="طريقتنا في التعليم"
      description="كيف تتعلم الإنجليزية مع طلاقة: دروس فردية مباشرة مع معلم تختاره، وتدريب على المحادثة في كل درس."
    />
  );
}
