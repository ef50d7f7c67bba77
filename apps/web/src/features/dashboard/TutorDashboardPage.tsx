import { PreparingPage } from '@talaqa/ui';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';

export default function TutorDashboardPage() {
  return (
    <>
      <EmailVerificationBanner />
      <PreparingPage
        title="لوحة تحكم المعلم"
        description="نظرة عامة على دروسك وإحصاءاتك، وإنشاء جدول مواعيدك."
      />
    </>
  );
}
