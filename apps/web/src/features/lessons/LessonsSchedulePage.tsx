import { PreparingPage } from '@talaqa/ui';

export default function LessonsSchedulePage() {
  return (
    <PreparingPage
      title="جدول الدروس"
      description="دروسك موزّعة على أيام الأسبوع، والأسبوع يبدأ يوم السبت."
    />
  );
}
