import { PreparingPage } from '@talaqa/ui';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';

export default function StudentDashboardPage() {
  return (
    <>
      <EmailVerificationBanner />
      <PreparingPage
        title="لوحة تحكم الطالب"
        description="نظرة عامة على دروسك القادمة والسابقة وملخص محادثاتك."
      />
    </>
  );
}
