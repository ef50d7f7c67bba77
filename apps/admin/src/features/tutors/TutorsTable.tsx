import { Link, useNavigate } from 'react-router';
import type { TutorOnboarding } from '@talaqa/domain';
import { Badge, Skeleton, cx } from '@talaqa/ui';
import { Email, VerificationBadges } from '../../components/UserBadges';
import { tutorPath } from '../../paths';
import { FlagBadge, StepBadge } from './labels';

const HEADERS = ['المعلم', 'خطوات الانضمام', 'التحقق', 'الحالة'];
const SKELETON_ROWS = 5;

function Steps({ tutor }: { tutor: TutorOnboarding }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`خطوات انضمام ${tutor.name}`}>
      {tutor.steps.map((step) => (
        <li key={step.step}>
          <StepBadge step={step} />
        </li>
      ))}
    </ul>
  );
}

function Standing({ tutor, stacked = false }: { tutor: TutorOnboarding; stacked?: boolean }) {
  return (
    <span className={stacked ? 'flex flex-col items-start gap-1' : 'flex flex-wrap gap-1.5'}>
      <FlagBadge on={tutor.activated} yes="مفعَّل" no="غير مفعَّل" />
      <FlagBadge on={tutor.listed} yes="ظاهر للطلاب" no="غير ظاهر للطلاب" />
      {tutor.bypassOnboarding && <Badge tone="brand">معفى من خطوات الانضمام</Badge>}
    </span>
  );
}

const verifiedOf = (tutor: TutorOnboarding) => ({
  verifiedEmail: tutor.verified.email,
  verifiedPhone: tutor.verified.phone,
});

/**
 * The tutors with each onboarding step's state: a table from 1024 px up (the steps need the
 * width) and cards below, so a phone never scrolls sideways. Every row leads to the tutor's page.
 */
export function TutorsTable({
  tutors,
  busy = false,
}: {
  tutors: TutorOnboarding[];
  busy?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white text-start shadow-sm lg:table">
        <caption className="sr-only">قائمة المعلمين</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tutors.map((tutor) => (
            <tr
              key={tutor.tutorId}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) return;
                void navigate(tutorPath(tutor.tutorId));
              }}
              className="cursor-pointer border-t border-slate-100 align-top hover:bg-brand-50/60"
            >
              <td className="px-4 py-3">
                <Link
                  to={tutorPath(tutor.tutorId)}
                  className="rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {tutor.name}
                </Link>
                <span className="mt-1 block text-sm text-muted">
                  <Email value={tutor.email} />
                </span>
              </td>
              <td className="px-4 py-3">
                <Steps tutor={tutor} />
              </td>
              <td className="px-4 py-3">
                <VerificationBadges user={verifiedOf(tutor)} stacked />
              </td>
              <td className="px-4 py-3">
                <Standing tutor={tutor} stacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 lg:hidden" aria-label="قائمة المعلمين">
        {tutors.map((tutor) => (
          <li key={tutor.tutorId}>
            <Link
              to={tutorPath(tutor.tutorId)}
              className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="font-bold text-brand-800">{tutor.name}</span>
              <span className="text-sm text-ink">
                <Email value={tutor.email} />
              </span>
              <Steps tutor={tutor} />
              <VerificationBadges user={verifiedOf(tutor)} />
              <Standing tutor={tutor} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey rows in the table's shape while the first page loads. */
export function TutorsTableSkeleton() {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, index) => index);
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      {rows.map((row) => (
        <div
          key={row}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}
