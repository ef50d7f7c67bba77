import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  LESSON_CANCEL_REASON_BOUNDS,
  LessonCanceledBy,
  adminCancelLessonSchema,
  minutesReturnedOnCancel,
} from '@talaqa/domain';
import type { ErrorCode, LessonCancelBehalf, LessonView } from '@talaqa/domain';
import {
  Alert,
  Button,
  Dialog,
  RadioGroup,
  Textarea,
  formatId,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { actionErrorText } from '../../lib/forms';
import { useCancelLesson } from './queries';

const BEHALF_NAMES_AR: Record<LessonCancelBehalf, string> = {
  [LessonCanceledBy.Tutor]: 'المعلم',
  [LessonCanceledBy.Student]: 'الطالب',
};

/** What the chosen side's cancel does to the student's minutes (the members' own rule). */
function minutesNote(lesson: LessonView, behalf: LessonCancelBehalf, now: Date): string {
  const back = minutesReturnedOnCancel(
    {
      start: new Date(lesson.start),
      duration: lesson.duration,
      bookedAt: new Date(lesson.bookedAt),
    },
    behalf,
    now,
  );
  return back > 0
    ? `تعود ${formatNumber(back)} دقيقة إلى الطالب ما دام أسبوع باقته جاريًا.`
    : 'لا تعود الدقائق إلى الطالب: مضى موعد الإلغاء المجاني، كما لو ألغاه الطالب بنفسه.';
}

type Fields = { onBehalfOf?: ErrorCode; reason?: ErrorCode };

/**
 * An admin cancels a lesson to come for its tutor or its student (decision 344): the side and
 * the reason (the domain's schema), then a confirmation that says what happens to the minutes,
 * then `DELETE /lesson/{id}` with both. A refusal stays in the dialog, in Arabic.
 */
export function CancelLessonDialog({
  lesson,
  open,
  onOpenChange,
  onCanceled,
}: {
  lesson: LessonView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCanceled: () => void;
}) {
  const toast = useToast();
  const cancel = useCancelLesson();
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [behalf, setBehalf] = useState<LessonCancelBehalf | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) return;
    setStep('write');
    setBehalf('');
    setReason('');
    setErrors({});
    setFailure(null);
  }, [open]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminCancelLessonSchema.safeParse({
      onBehalfOf: behalf === '' ? undefined : behalf,
      reason,
    });
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'onBehalfOf' || field === 'reason') && next[field] === undefined) {
          next[field] = issue.message as ErrorCode;
        }
      }
      setErrors(next);
      return;
    }
    setStep('confirm');
  };

  const send = async () => {
    if (behalf === '') return;
    setFailure(null);
    try {
      await cancel.mutateAsync({ id: lesson.id, body: { onBehalfOf: behalf, reason } });
      toast.success(`تم إلغاء الدرس نيابةً عن ${BEHALF_NAMES_AR[behalf]}`);
      onOpenChange(false);
      onCanceled();
    } catch (error) {
      setFailure(actionErrorText(error, 'تعذّر إلغاء الدرس، من فضلك حاول مرة أخرى'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) onOpenChange(next);
      }}
      title={step === 'write' ? 'إلغاء الدرس' : 'تأكيد إلغاء الدرس؟'}
      description={`الدرس رقم ${formatId(lesson.id)}: ${lesson.tutor.name} مع ${lesson.student.name}. يصل إشعار الإلغاء إلى الطرفين.`}
    >
      {step === 'write' ? (
        <form noValidate className="flex flex-col gap-4" onSubmit={check}>
          <RadioGroup
            legend="نيابةً عن"
            inline
            value={behalf}
            error={errors.onBehalfOf}
            options={[
              { value: LessonCanceledBy.Tutor, label: `المعلم (${lesson.tutor.name})` },
              { value: LessonCanceledBy.Student, label: `الطالب (${lesson.student.name})` },
            ]}
            inputProps={{
              name: 'onBehalfOf',
              onChange: (event) => {
                setBehalf(event.target.value as LessonCancelBehalf);
                setErrors((current) => ({ ...current, onBehalfOf: undefined }));
              },
            }}
          />
          <Textarea
            label="سبب الإلغاء"
            hint={`من ${formatNumber(LESSON_CANCEL_REASON_BOUNDS.min)} إلى ${formatNumber(LESSON_CANCEL_REASON_BOUNDS.max)} حرف، يراه المشرفون فقط`}
            value={reason}
            rows={3}
            maxLength={LESSON_CANCEL_REASON_BOUNDS.max + 50}
            error={errors.reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              تراجع
            </Button>
            <Button type="submit" variant="danger">
              متابعة
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed text-ink">
            سيُلغى الدرس نيابةً عن {behalf === '' ? '' : BEHALF_NAMES_AR[behalf]}.{' '}
            {behalf === '' ? '' : minutesNote(lesson, behalf, new Date())}
          </p>
          <blockquote dir="auto" className="rounded-lg bg-slate-50 p-3 text-sm text-ink">
            {reason.trim()}
          </blockquote>
          {failure && (
            <Alert tone="error" role="alert">
              {failure}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => {
                setFailure(null);
                setStep('write');
              }}
            >
              تعديل
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => void send()}>
              نعم، ألغِ الدرس
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
