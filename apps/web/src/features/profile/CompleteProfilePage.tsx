import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Input, PageTitle, Stepper, Textarea, UI_MESSAGES, useToast } from '@talaqa/ui';
import { paths } from '../../paths';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { isStudentProfileComplete, safeNext } from '../../lib/destinations';
import { useCurrentUser } from '../../lib/session';
import { EmailVerification } from '../account/EmailVerification';
import { FavouriteTopicsForm } from '../account/FavouriteTopicsForm';
import {
  BirthYearSelect,
  CitySelect,
  GenderRadios,
  LevelSelect,
  asChoice,
  asNumber,
} from '../account/ProfileFields';
import { useSaveStudentProfile, useUpdateProfile } from '../account/queries';
import { aboutYouFormSchema, currentYear, mainInfoFormSchema } from '../account/schemas';

const STEPS = ['البيانات الأساسية', 'عن نفسك', 'الموضوعات المفضلة'] as const;

// The step reached is kept for this tab, so a reload (or the way back from reading the e-mail)
// resumes there; without it, a student whose main info is saved starts at the second step.
const stepKey = (userId: number) => `talaqa.profileStep.${userId}`;

function savedStep(userId: number): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(stepKey(userId)));
    return Number.isInteger(value) && value > 0 && value < STEPS.length ? value : null;
  } catch {
    return null;
  }
}

function saveStep(userId: number, step: number | null): void {
  try {
    if (step === null) window.sessionStorage.removeItem(stepKey(userId));
    else window.sessionStorage.setItem(stepKey(userId), String(step));
  } catch {
    // Without storage the stepper still works; it only cannot resume.
  }
}

/**
 * `/complete-profile`: the student's three steps. Each step saves on "التالي"; the second and
 * third may be skipped (and filled in later from the settings); the end leads to `?next=` (the
 * checkout picked before signing up), else the dashboard. It resumes at the step reached.
 */
export default function CompleteProfilePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [step, setStepState] = useState(
    () => savedStep(user.id) ?? (isStudentProfileComplete(user) ? 1 : 0),
  );
  const setStep = (value: number) => {
    setStepState(value);
    saveStep(user.id, value);
  };
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // Moving to a step moves the focus to its heading (not on the first render).
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const finish = () => {
    saveStep(user.id, null);
    toast.success(
      next ? 'اكتمل ملفك الشخصي، لنكمل اشتراكك' : 'اكتمل ملفك الشخصي، أهلًا بك في طلاقة!',
    );
    void navigate(next ?? paths.studentDashboard);
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <PageTitle title="إكمال الملف الشخصي">
        <p>ثلاث خطوات قصيرة: بياناتك الأساسية، ثم نبذة عنك، ثم الموضوعات التي تحب التحدث عنها.</p>
        {next?.startsWith('/checkout/') && (
          <p className="font-semibold text-brand-800">
            بعدها نعيدك إلى إتمام الدفع للباقة التي اخترتها.
          </p>
        )}
      </PageTitle>
      <EmailCheck />
      <Stepper steps={STEPS} current={step} label="خطوات إكمال الملف الشخصي" className="mb-6" />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold text-ink outline-none">
          {STEPS[step]}
        </h2>
        {step === 0 && <MainInfoStep onSaved={() => setStep(1)} />}
        {step === 1 && (
          <AboutYouStep
            onSaved={() => setStep(2)}
            onSkip={() => setStep(2)}
            onBack={() => setStep(0)}
          />
        )}
        {step === 2 && (
          <FavouriteTopicsForm
            submitLabel="حفظ وإنهاء"
            announce={false}
            onSaved={finish}
            extraActions={
              <>
                <Button variant="ghost" onClick={() => setStep(1)}>
                  {UI_MESSAGES.back}
                </Button>
                <Button variant="ghost" onClick={finish}>
                  {UI_MESSAGES.skip}
                </Button>
              </>
            }
          />
        )}
      </div>
    </section>
  );
}

/**
 * The code mailed at sign-up waits here, above the steps; the card stays (showing the success) for
 * as long as the page is open once it was needed.
 */
function EmailCheck() {
  const user = useCurrentUser();
  const [needed] = useState(() => !user.verifiedEmail);
  if (!needed) return null;
  return (
    <section
      aria-labelledby="email-check-title"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50/60 p-5 sm:p-6"
    >
      <h2 id="email-check-title" className="mb-3 text-lg font-bold text-ink">
        تأكيد البريد الإلكتروني
      </h2>
      <EmailVerification />
    </section>
  );
}

function MainInfoStep({ onSaved }: { onSaved: () => void }) {
  const user = useCurrentUser();
  const save = useSaveStudentProfile();
  const year = useMemo(currentYear, []);
  const form = useZodForm(mainInfoFormSchema(year), {
    defaultValues: {
      birthYear: user.birthYear ?? undefined,
      gender: user.gender ?? undefined,
      city: user.city ?? undefined,
      level: user.level ?? undefined,
    },
  });
  const onFailure = useFormFailure(
    form.setError,
    ['birthYear', 'gender', 'city', 'level'],
    UI_MESSAGES.profileUpdateFailed,
  );
  const submit = form.handleSubmit((body) =>
    save.mutateAsync({ body, exists: isStudentProfileComplete(user) }).then(onSaved, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <BirthYearSelect
        currentYear={year}
        value={user.birthYear}
        error={errors.birthYear?.message}
        registration={form.register('birthYear', asNumber)}
      />
      <CitySelect
        value={user.city}
        error={errors.city?.message}
        registration={form.register('city', asNumber)}
      />
      <div className="sm:col-span-2">
        <GenderRadios
          error={errors.gender?.message}
          registration={form.register('gender', asChoice)}
        />
      </div>
      <div className="sm:col-span-2">
        <LevelSelect
          value={user.level}
          error={errors.level?.message}
          registration={form.register('level', asNumber)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          {UI_MESSAGES.next}
        </Button>
      </div>
    </form>
  );
}

function AboutYouStep({
  onSaved,
  onSkip,
  onBack,
}: {
  onSaved: () => void;
  onSkip: () => void;
  onBack: () => void;
}) {
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const year = useMemo(currentYear, []);
  const form = useZodForm(aboutYouFormSchema(year), {
    defaultValues: { job: user.job ?? '', aim: user.aim ?? '' },
  });
  const onFailure = useFormFailure(form.setError, ['job', 'aim'], UI_MESSAGES.profileUpdateFailed);
  const submit = form.handleSubmit((body) => update.mutateAsync(body).then(onSaved, onFailure));
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-muted">
        تساعد هذه المعلومات معلمك على اختيار أمثلة وموضوعات تناسبك. كل الحقول اختيارية.
      </p>
      <Input
        label="الوظيفة أو الدراسة"
        autoComplete="organization-title"
        placeholder="مثل: طالب جامعي، مهندس، محاسبة"
        error={errors.job?.message}
        {...form.register('job')}
      />
      <Textarea
        label="هدفك من تعلّم الإنجليزية"
        rows={4}
        placeholder="مثل: أريد التحدث بثقة في مقابلات العمل"
        error={errors.aim?.message}
        {...form.register('aim')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={isSubmitting}>
          {UI_MESSAGES.next}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          {UI_MESSAGES.back}
        </Button>
        <Button variant="ghost" onClick={onSkip}>
          {UI_MESSAGES.skip}
        </Button>
      </div>
    </form>
  );
}
