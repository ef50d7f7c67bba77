import { useState } from 'react';
import type { FormEvent } from 'react';
import { NOTICE_PERIOD_MAX_MINUTES, noticePeriodSchema } from '@talaqa/domain';
import type { ErrorCode, Tutor, TutorAdminBody, TutorOnboarding } from '@talaqa/domain';
import { Button, ConfirmDialog, Input, formatNumber, useToast } from '@talaqa/ui';
import { isApiError } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { useSetTutorFields } from './queries';

const SAVE_FAILED = 'تعذّر حفظ التغيير، من فضلك حاول مرة أخرى';

/** A switch of PATCH /user/tutor/{id} behind a confirmation: the dialog says what will happen. */
function SwitchButton({
  tutorId,
  label,
  title,
  description,
  confirmLabel,
  body,
  done,
  danger = false,
}: {
  tutorId: number;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  body: TutorAdminBody;
  /** The toast once it is saved. */
  done: string;
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const save = useSetTutorFields(tutorId);
  const toast = useToast();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant={danger ? 'danger' : 'secondary'}>{label}</Button>}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      variant={danger ? 'danger' : 'primary'}
      loading={save.isPending}
      onConfirm={() =>
        save.mutate(body, {
          onSuccess: () => {
            toast.success(done);
            setOpen(false);
          },
          onError: (error) => {
            toast.error(actionErrorText(error, SAVE_FAILED));
            setOpen(false);
          },
        })
      }
    />
  );
}

/** Activate or deactivate: a deactivated tutor leaves the students' list and takes no bookings. */
export function ActivationControl({ tutor }: { tutor: TutorOnboarding }) {
  return tutor.activated ? (
    <SwitchButton
      tutorId={tutor.tutorId}
      label="إيقاف تفعيل المعلم"
      title="إيقاف تفعيل المعلم"
      description={`سيختفي ${tutor.name} من قائمة المعلمين ولن يستطيع الطلاب حجز دروس جديدة معه. تبقى الدروس المحجوزة كما هي. هل تريد المتابعة؟`}
      confirmLabel="نعم، أوقف التفعيل"
      body={{ activated: false }}
      done="تم إيقاف تفعيل المعلم"
      danger
    />
  ) : (
    <SwitchButton
      tutorId={tutor.tutorId}
      label="تفعيل المعلم"
      title="تفعيل المعلم"
      description={`سيُفعَّل حساب ${tutor.name}. يظهر للطلاب إذا أتمّ خطوات الانضمام أو أُعفي منها. هل تريد المتابعة؟`}
      confirmLabel="نعم، فعّل المعلم"
      body={{ activated: true }}
      done="تم تفعيل المعلم"
    />
  );
}

/** Bypass on or off: the tutor is listed without the onboarding steps (while activated). */
export function BypassControl({ tutor }: { tutor: TutorOnboarding }) {
  return tutor.bypassOnboarding ? (
    <SwitchButton
      tutorId={tutor.tutorId}
      label="إلغاء الإعفاء من خطوات الانضمام"
      title="إلغاء الإعفاء من خطوات الانضمام"
      description={`لن يظهر ${tutor.name} للطلاب حتى يُتمّ خطوات الانضمام المطلوبة (إن لم يكن قد أتمّها). هل تريد المتابعة؟`}
      confirmLabel="نعم، ألغِ الإعفاء"
      body={{ bypassOnboarding: false }}
      done="تم إلغاء الإعفاء من خطوات الانضمام"
      danger
    />
  ) : (
    <SwitchButton
      tutorId={tutor.tutorId}
      label="الإعفاء من خطوات الانضمام"
      title="الإعفاء من خطوات الانضمام"
      description={`سيظهر ${tutor.name} في قائمة المعلمين ويستطيع الطلاب حجزه دون أن يُتمّ الفيديو التعريفي والمقابلة والجلسة التجريبية، ما دام حسابه مفعَّلًا. هل تريد المتابعة؟`}
      confirmLabel="نعم، أعفِه من الخطوات"
      body={{ bypassOnboarding: true }}
      done="تم إعفاء المعلم من خطوات الانضمام"
    />
  );
}

/** The notice period's problem in the domain's codes (the server checks the same rule). */
function noticeProblem(text: string): ErrorCode | undefined {
  const minutes = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(minutes)) return 'invalid-notice-period';
  const parsed = noticePeriodSchema.safeParse(minutes);
  return parsed.success
    ? undefined
    : ((parsed.error.issues[0]?.message ?? 'invalid-notice-period') as ErrorCode);
}

/**
 * The notice period (minimum minutes between booking and the lesson's start): checked by the
 * domain's rule, then a confirmation with the new value, then PATCH /user/tutor/{id}.
 */
export function NoticePeriodForm({ tutor }: { tutor: Pick<Tutor, 'id' | 'noticePeriod'> }) {
  const [text, setText] = useState(String(tutor.noticePeriod));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const save = useSetTutorFields(tutor.id);
  const toast = useToast();

  const check = (event: FormEvent) => {
    event.preventDefault();
    const problem = noticeProblem(text);
    setError(problem);
    if (!problem) setConfirming(true);
  };
  const minutes = Number(text);
  const send = () =>
    save.mutate(
      { noticePeriod: minutes },
      {
        onSuccess: () => {
          toast.success('تم حفظ مدة الإشعار المسبق');
          setConfirming(false);
        },
        onError: (failure) => {
          setConfirming(false);
          // A field code from the server belongs under the field; anything else is a toast.
          const field = isApiError(failure) ? failure.fields?.[0]?.code : undefined;
          if (field) setError(field);
          else toast.error(actionErrorText(failure, SAVE_FAILED));
        },
      },
    );

  return (
    <form noValidate onSubmit={check} className="flex flex-col gap-3">
      <Input
        label="مدة الإشعار المسبق بالدقائق"
        hint={`أقل مدة بين الحجز وبداية الدرس، من ٠ إلى ${formatNumber(NOTICE_PERIOD_MAX_MINUTES)} دقيقة`}
        inputMode="numeric"
        dir="ltr"
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" className="self-start">
        حفظ مدة الإشعار
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="تغيير مدة الإشعار المسبق"
        description={`ستصبح أقل مدة بين الحجز وبداية الدرس ${formatNumber(minutes)} دقيقة، وتتغير أوقات الحجز المتاحة لهذا المعلم. هل تريد المتابعة؟`}
        confirmLabel="نعم، احفظ"
        variant="primary"
        loading={save.isPending}
        onConfirm={send}
      />
    </form>
  );
}
