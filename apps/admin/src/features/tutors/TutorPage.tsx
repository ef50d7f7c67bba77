import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { DemoSessionStatus, InterviewStatus, TutorOnboarding } from '@talaqa/domain';
import {
  Avatar,
  Badge,
  ERROR_MESSAGES,
  EmptyState,
  ErrorState,
  ONBOARDING_STEP_NAMES_AR,
  PageTitle,
  Skeleton,
  buttonClasses,
} from '@talaqa/ui';
import { isApiError } from '../../api';
import { Email, VerificationBadges } from '../../components/UserBadges';
import { formatDate, formatDateTime } from '../../lib/format';
import { paths, userPath } from '../../paths';
import { useAssetUrl, useUser } from '../users/queries';
import { DEMO_SESSION_STATUS_TEXT, FlagBadge, INTERVIEW_STATUS_TEXT, StepBadge } from './labels';
import { useTutorMeetings, useTutorOnboarding, useTutorProfile } from './queries';
import { ActivationControl, BypassControl, NoticePeriodForm } from './TutorControls';
import { TutorMedia } from './TutorMedia';

const linkClasses =
  'rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

/** Name, picture, e-mail, phone, bio and about: the account and the stored profile. */
function Profile({ tutor }: { tutor: TutorOnboarding }) {
  const account = useUser(tutor.tutorId);
  const profile = useTutorProfile(tutor.tutorId);
  const image = useAssetUrl(tutor.image);
  const failed = account.error ?? profile.error;
  return (
    <Card title="الملف الشخصي" id="tutor-profile-heading">
      <div className="flex items-center gap-4">
        <Avatar name={tutor.name} src={image.data} size="lg" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-xl font-bold text-ink">{tutor.name}</p>
          <p className="text-sm text-muted">
            <Email value={tutor.email} />
          </p>
          <Link to={userPath(tutor.tutorId)} className={`${linkClasses} text-sm`}>
            تعديل بيانات الحساب
          </Link>
        </div>
      </div>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            void account.refetch();
            void profile.refetch();
          }}
          retrying={account.isFetching || profile.isFetching}
        />
      ) : (
        <dl className="grid gap-3 border-t border-slate-100 pt-4">
          <Detail label="رقم الهاتف">
            {!account.data ? (
              <Skeleton className="h-4 w-32" />
            ) : account.data.phone ? (
              <bdi dir="ltr">{account.data.phone}</bdi>
            ) : (
              'غير مسجّل'
            )}
          </Detail>
          <Detail label="النبذة المختصرة">
            {!profile.data ? (
              <Skeleton className="h-4 w-2/3" />
            ) : (
              <span dir="auto">{profile.data.bio ?? 'لم يكتبها بعد'}</span>
            )}
          </Detail>
          <Detail label="عن المعلم">
            {!profile.data ? (
              <Skeleton className="h-12 w-full" />
            ) : (
              <span dir="auto" className="whitespace-pre-line">
                {profile.data.about ?? 'لم يكتبه بعد'}
              </span>
            )}
          </Detail>
          {account.data && (
            <Detail label="تاريخ التسجيل">{formatDate(account.data.createdAt)}</Detail>
          )}
        </dl>
      )}
    </Card>
  );
}

/** Activation, listing and bypass with their switches, and the notice period. */
function Standing({ tutor }: { tutor: TutorOnboarding }) {
  const profile = useTutorProfile(tutor.tutorId);
  return (
    <Card title="التفعيل والظهور" id="tutor-standing-heading">
      <div className="flex flex-wrap gap-1.5">
        <FlagBadge on={tutor.activated} yes="مفعَّل" no="غير مفعَّل" />
        <FlagBadge on={tutor.listed} yes="ظاهر للطلاب" no="غير ظاهر للطلاب" />
        <FlagBadge
          on={tutor.bypassOnboarding}
          yes="معفى من خطوات الانضمام"
          no="غير معفى من خطوات الانضمام"
        />
      </div>
      <VerificationBadges
        user={{ verifiedEmail: tutor.verified.email, verifiedPhone: tutor.verified.phone }}
      />
      <p className="text-sm text-muted">
        {tutor.onboardedAt
          ? `أتمّ خطوات الانضمام في ${formatDateTime(tutor.onboardedAt)}`
          : 'لم يُتمّ خطوات الانضمام بعد'}
      </p>
      <div className="flex flex-wrap gap-2">
        <ActivationControl tutor={tutor} />
        <BypassControl tutor={tutor} />
      </div>
      <p className="text-sm leading-relaxed text-muted">
        الإعفاء يُظهر المعلم للطلاب دون الفيديو التعريفي والمقابلة والجلسة التجريبية، ما دام حسابه
        مفعَّلًا.
      </p>
      <div className="border-t border-slate-100 pt-4">
        {profile.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : profile.isError ? (
          <ErrorState
            error={profile.error}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        ) : (
          // Keyed by the saved value so a save elsewhere shows the new number.
          <NoticePeriodForm key={profile.data.noticePeriod} tutor={profile.data} />
        )}
      </div>
    </Card>
  );
}

/** Each step's state, when it began, and when a rejected step may be tried again. */
function Steps({ tutor }: { tutor: TutorOnboarding }) {
  return (
    <Card title="خطوات الانضمام" id="tutor-steps-heading">
      <ol className="flex flex-col gap-3">
        {tutor.steps.map((step) => (
          <li
            key={step.step}
            className="flex flex-col gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0"
          >
            <div className="flex flex-wrap items-center gap-2">
              <StepBadge step={step} />
              <span className="text-xs text-muted">{step.required ? 'مطلوبة' : 'اختيارية'}</span>
            </div>
            {step.at && (
              <p className="text-sm text-muted">
                {step.state === 'pending' ? 'الموعد أو تاريخ البدء' : 'التاريخ'}:{' '}
                {formatDateTime(step.at)}
              </p>
            )}
            {step.state === 'rejected' && (
              <p className="text-sm text-muted">
                {step.retryAt
                  ? `يستطيع المحاولة مرة أخرى من ${formatDateTime(step.retryAt)}`
                  : 'يستطيع المحاولة مرة أخرى الآن'}
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function MeetingRow({
  title,
  status,
  start,
  manager,
  feedback,
}: {
  title: string;
  status: { label: string; tone: Parameters<typeof Badge>[0]['tone'] };
  start: string;
  manager: string;
  feedback: string | null;
}) {
  return (
    <li className="flex flex-col gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{title}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm text-muted">
        {formatDateTime(start)} مع {manager}
      </p>
      {feedback && (
        <p dir="auto" className="text-sm whitespace-pre-line text-ink">
          {feedback}
        </p>
      )}
    </li>
  );
}

/** The tutor's interviews and demo sessions, with a link to the meetings page. */
function Meetings({ tutorId }: { tutorId: number }) {
  const meetings = useTutorMeetings(tutorId);
  let body;
  if (meetings.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (meetings.isError) {
    body = (
      <ErrorState
        error={meetings.error}
        onRetry={() => void meetings.refetch()}
        retrying={meetings.isFetching}
      />
    );
  } else {
    const { interviews, demoSessions } = meetings.data;
    body =
      interviews.list.length + demoSessions.list.length === 0 ? (
        <p className="text-sm text-muted">لم يحجز المعلم مقابلة ولا جلسة تجريبية بعد.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {interviews.list.map((interview) => (
            <MeetingRow
              key={`interview-${interview.id}`}
              title={ONBOARDING_STEP_NAMES_AR.interview}
              status={INTERVIEW_STATUS_TEXT[interview.status as InterviewStatus]}
              start={interview.start}
              manager={interview.interviewer.name}
              feedback={interview.feedback}
            />
          ))}
          {demoSessions.list.map((session) => (
            <MeetingRow
              key={`demo-${session.id}`}
              title={ONBOARDING_STEP_NAMES_AR['demo-session']}
              status={DEMO_SESSION_STATUS_TEXT[session.status as DemoSessionStatus]}
              start={session.start}
              manager={session.tutorManager.name}
              feedback={session.feedback}
            />
          ))}
        </ul>
      );
  }
  return (
    <Card title="المقابلة والجلسة التجريبية" id="tutor-meetings-heading">
      {body}
      <Link to={paths.interviews} className={`${linkClasses} self-start text-sm`}>
        صفحة المقابلات والجلسات التجريبية
      </Link>
    </Card>
  );
}

/**
 * `/tutor/:id`: one tutor's profile, onboarding steps, meetings and media, and the admin's
 * switches (activation, bypass, notice period) and intro-video review (issue 21 item 6).
 */
export default function TutorPage() {
  const { id } = useParams();
  const tutorId = Number(id);
  const validId = Number.isInteger(tutorId) && tutorId > 0;
  const onboarding = useTutorOnboarding(tutorId);

  const notFound =
    !validId ||
    (onboarding.isError &&
      isApiError(onboarding.error) &&
      (onboarding.error.code === 'tutor-not-found' || onboarding.error.code === 'not-found'));

  let body;
  if (notFound) {
    body = (
      <EmptyState
        title="لم نجد هذا المعلم"
        description={ERROR_MESSAGES['tutor-not-found']}
        action={
          <Link to={paths.tutors} className={buttonClasses({ variant: 'secondary' })}>
            العودة إلى المعلمين
          </Link>
        }
      />
    );
  } else if (onboarding.isPending) {
    body = (
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  } else if (onboarding.isError) {
    body = (
      <ErrorState
        error={onboarding.error}
        onRetry={() => void onboarding.refetch()}
        retrying={onboarding.isFetching}
      />
    );
  } else {
    const tutor = onboarding.data;
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <Profile tutor={tutor} />
          <Standing tutor={tutor} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Steps tutor={tutor} />
          <Meetings tutorId={tutor.tutorId} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <TutorMedia tutorId={tutor.tutorId} name={tutor.name} />
        </div>
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6">
      <Link to={paths.tutors} className={`${linkClasses} self-start`}>
        <span aria-hidden="true">→ </span>العودة إلى المعلمين
      </Link>
      <PageTitle title="بيانات المعلم" />
      {body}
    </section>
  );
}
