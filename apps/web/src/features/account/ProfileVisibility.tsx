import { Link } from 'react-router';
import { Alert, Skeleton, buttonClasses } from '@talaqa/ui';
import { tutorVisibility } from '@talaqa/domain';
import type { TutorHiddenReason } from '@talaqa/domain';
import { paths, tutorProfilePath } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { useTutorMeta } from './queries';

/** Why the profile is hidden, in the tutor's words (one line per `TutorHiddenReason`). */
export const HIDDEN_REASON_TEXT: Record<TutorHiddenReason, string> = {
  'not-activated': 'لم يفعّل فريق طلاقة حسابك بعد.',
  'not-onboarded':
    'لم تكمل خطوات الانضمام بعد: مجموعة الدعم والفيديو التعريفي والمقابلة والجلسة التجريبية.',
};

/**
 * "Visible to students" or "hidden, because …" on the tutor's own pages (issue 20 item 6,
 * record 310). The answer is `tutorVisibility` of GET /user/tutor/meta: the rule the public list,
 * the public profile and booking apply on the server, so the notice is never wrong.
 */
export function ProfileVisibility() {
  const user = useCurrentUser();
  const meta = useTutorMeta();
  if (meta.isPending) return <Skeleton className="h-20 w-full rounded-xl" />;
  if (meta.isError) {
    return (
      <Alert
        tone="warning"
        title="تعذّر معرفة ظهور ملفك للطلاب"
        action={
          <button
            type="button"
            onClick={() => void meta.refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            أعد المحاولة
          </button>
        }
      />
    );
  }
  const { listed, reasons } = tutorVisibility(meta.data);
  if (listed) {
    return (
      <div data-profile-visibility="visible">
        <Alert
          tone="success"
          title="ملفك ظاهر للطلاب"
          action={
            <Link
              to={tutorProfilePath(user.id)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              ملفك كما يراه الطلاب
            </Link>
          }
        >
          يظهر ملفك في قائمة المعلمين، ويستطيع الطلاب حجز دروس معك.
        </Alert>
      </div>
    );
  }
  return (
    <div data-profile-visibility="hidden">
      <Alert
        tone="warning"
        title="ملفك مخفي عن الطلاب"
        action={
          reasons.includes('not-onboarded') ? (
            <Link
              to={paths.tutorOnboarding}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              خطوات الانضمام
            </Link>
          ) : undefined
        }
      >
        <p>لا يظهر ملفك في قائمة المعلمين ولا يمكن حجز دروس معك، لأنه:</p>
        <ul className="mt-1 list-disc ps-5">
          {reasons.map((reason) => (
            <li key={reason}>{HIDDEN_REASON_TEXT[reason]}</li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
