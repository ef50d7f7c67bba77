import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCairoDate, formatCairoDateTime } from '@talaqa/domain';
import type { OnboardingStep, TutorOnboarding } from '@talaqa/domain';
import {
  Badge,
  Button,
  ONBOARDING_STEP_NAMES_AR,
  QueryContent,
  STEP_STATE_NAMES_AR,
  Skeleton,
  cx,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import { onboardingApi, platformSettingsApi } from '../../api';
import { usePublicSettings } from '../../lib/platform-settings';
import { paths } from '../../paths';

export const onboardingKeys = { own: ['onboarding', 'own'] as const };

/** The steps booked on /interviews: their rows link there until passed. */
const MEETING_STEPS: ReadonlySet<OnboardingStep['step']> = new Set(['interview', 'demo-session']);

const TONE: Record<OnboardingStep['state'], BadgeTone> = {
  'not-started': 'neutral',
  pending: 'warning',
  passed: 'success',
  rejected: 'danger',
};

/** What the tutor should know about a step in its state, in one sentence. */
function stepDetail(step: OnboardingStep): string | null {
  const at = step.at ? new Date(step.at) : null;
  if (step.state === 'rejected') {
    return step.retryAt
      ? `يمكنك المحاولة مرة أخرى ابتداءً من ${formatCairoDate(new Date(step.retryAt))}.`
      : 'يمكنك المحاولة مرة أخرى الآن.';
  }
  if (step.state === 'pending' && at && step.step !== 'intro-video') {
    return `موعدها ${formatCairoDateTime(at)} بتوقيت القاهرة.`;
  }
  if (step.state === 'pending') return 'بانتظار المراجعة من فريق طلاقة.';
  if (step.state === 'passed' && at) return `اكتملت في ${formatCairoDate(at)}.`;
  return null;
}

/** The first required step not passed yet: what the tutor does next. */
const nextStepOf = (view: TutorOnboarding): OnboardingStep | undefined =>
  view.steps.find((step) => step.required && step.state !== 'passed');

/**
 * Where the tutor stands on each onboarding step (GET /user/tutor/onboarding, record 316): the
 * steps in order with their state, the one to do next marked, and the e-mail and phone checks
 * activation also waits for. The intro video's own card (upload, review) follows on the page.
 */
export function OnboardingSteps() {
  const query = useQuery({
    queryKey: onboardingKeys.own,
    queryFn: ({ signal }) => onboardingApi.own(signal),
  });
  return (
    <section aria-labelledby="onboarding-steps" className="flex flex-col gap-3">
      <h2 id="onboarding-steps" className="text-lg font-bold">
        خطواتك
      </h2>
      <QueryContent query={query} loading={<Skeleton className="h-48 rounded-2xl" />}>
        {(view) => <StepList view={view} />}
      </QueryContent>
    </section>
  );
}

function StepList({ view }: { view: TutorOnboarding }) {
  const next = nextStepOf(view);
  const done = view.steps.filter((step) => step.required && step.state === 'passed').length;
  const required = view.steps.filter((step) => step.required).length;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted">
        {view.onboardedAt
          ? 'اكتملت خطوات انضمامك، وأصبح ملفك جاهزًا للطلاب.'
          : `أنهيت ${formatNumber(done)} من ${formatNumber(required)} خطوات مطلوبة.`}
      </p>
      <ol className="flex flex-col gap-2">
        {view.steps.map((step, index) => {
          const detail = stepDetail(step);
          const isNext = step === next;
          return (
            <li
              key={step.step}
              aria-current={isNext ? 'step' : undefined}
              className={cx(
                'flex items-start gap-3 rounded-2xl border bg-white p-4',
                isNext ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200',
              )}
            >
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex size-8 shrink-0 items-center justify-center rounded-full font-bold',
                  step.state === 'passed' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-ink',
                )}
              >
                {formatNumber(index + 1)}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-bold">{ONBOARDING_STEP_NAMES_AR[step.step]}</p>
                  <Badge tone={TONE[step.state]}>{STEP_STATE_NAMES_AR[step.state]}</Badge>
                  {!step.required && <Badge tone="neutral">اختيارية</Badge>}
                  {isNext && <Badge tone="brand">الخطوة التالية</Badge>}
                </div>
                {detail && <p className="text-sm text-muted">{detail}</p>}
                {step.step === 'support-group' && step.state !== 'passed' && <SupportGroupJoin />}
                {MEETING_STEPS.has(step.step) && step.state !== 'passed' && (
                  <Link
                    to={paths.interviews}
                    className="text-sm font-semibold text-brand-700 underline"
                  >
                    {step.step === 'interview' ? 'احجز مقابلتك' : 'احجز جلستك التجريبية'}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
        <li className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
          <p className="font-bold">تأكيد البريد الإلكتروني ورقم الهاتف</p>
          <p className="text-sm text-muted">
            البريد الإلكتروني: {view.verified.email ? 'مؤكَّد' : 'غير مؤكَّد بعد'}، رقم الهاتف:{' '}
            {view.verified.phone ? 'مؤكَّد' : 'غير مؤكَّد بعد'}.
            {!(view.verified.email && view.verified.phone) && ' يلزم تأكيدهما ليظهر ملفك للطلاب.'}
          </p>
        </li>
      </ol>
    </div>
  );
}

/**
 * The support group's link from the platform settings and the tutor's "I joined" (record 341):
 * the platform cannot see the group, so the step is the tutor's word and optional.
 */
function SupportGroupJoin() {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const toast = useToast();
  const join = useMutation({
    mutationFn: () => platformSettingsApi.joinSupportGroup(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.own }),
    onError: () => toast.error('تعذّر حفظ انضمامك، حاول مرة أخرى'),
  });
  if (settings.isPending) return <Skeleton className="h-9 w-48 rounded-xl" />;
  const url = settings.data?.supportGroupUrl;
  if (!url) {
    return (
      <p className="text-sm text-muted">
        رابط مجموعة الدعم غير متاح بعد، وسيظهر هنا حين يضيفه فريق طلاقة.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        انضم إلى مجموعة دعم المعلمين لتصلك الإرشادات والإجابات أولًا بأول، ثم أخبرنا أنك انضممت.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-semibold text-brand-700 underline"
        >
          افتح رابط مجموعة الدعم
        </a>
        <Button
          size="sm"
          variant="secondary"
          loading={join.isPending}
          onClick={() => join.mutate()}
        >
          انضممت إلى المجموعة
        </Button>
      </div>
    </div>
  );
}
