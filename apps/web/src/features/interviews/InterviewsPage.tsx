import { ADMIN_ROLES, Role } from '@talaqa/domain';
import { PageTitle } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { IntroVideoReviewQueue } from './IntroVideoReviewQueue';
import { TutorMeetings } from './TutorMeetings';
import { ManagerMeetings } from './ManagerMeetings';
import { ManagerToday } from './ManagerToday';

/** Who holds interviews and demo sessions and reviews intro videos: tutor managers and admins. */
const REVIEWERS: readonly Role[] = [Role.TutorManager, ...ADMIN_ROLES];

/**
 * /interviews: the tutor manager's workspace and home (issue 21 item 7; record 332: today's
 * meetings and the counts on top, then the pending meetings and the review queue), and the
 * tutor's interviews.
 */
export default function InterviewsPage() {
  const user = useCurrentUser();
  const reviewer = REVIEWERS.includes(user.role);
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
      <PageTitle title="المقابلات">
        {reviewer
          ? 'مواعيد مقابلات المعلمين الجدد وجلساتهم التجريبية وقراراتها، وفيديوهاتهم التعريفية.'
          : 'مقابلتك وجلستك التجريبية: مواعيدهما ونتائجهما.'}
      </PageTitle>
      {reviewer && (
        <>
          <ManagerToday />
          <ManagerMeetings />
          <IntroVideoReviewQueue />
        </>
      )}
      {user.role === Role.Tutor && <TutorMeetings />}
    </section>
  );
}
