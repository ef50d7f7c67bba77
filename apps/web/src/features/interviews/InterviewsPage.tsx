import { ADMIN_ROLES, Role } from '@talaqa/domain';
import { PreparingPage } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { IntroVideoReviewQueue } from './IntroVideoReviewQueue';

/** Who reviews intro videos (PUT /intro-video/{id}): tutor managers and admins. */
const REVIEWERS: readonly Role[] = [Role.TutorManager, ...ADMIN_ROLES];

export default function InterviewsPage() {
  const user = useCurrentUser();
  return (
    <PreparingPage
      title="المقابلات"
      description="مواعيد مقابلات المعلمين الجدد وجلساتهم التجريبية ونتائجها."
    >
      {REVIEWERS.includes(user.role) && <IntroVideoReviewQueue />}
    </PreparingPage>
  );
}
