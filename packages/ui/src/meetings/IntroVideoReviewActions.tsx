import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  REAPPLY_AFTER_REJECTION_MONTHS,
  REVIEW_REASON_BOUNDS,
  ReviewStatus,
  reviewIntroVideoBodySchema,
} from '@talaqa/domain';
import type { ErrorCode, ReviewIntroVideoBody } from '@talaqa/domain';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { Textarea } from '../components/Textarea';
import { formatNumber } from '../format';

export interface IntroVideoReviewActionsProps {
  tutorName: string;
  /**
   * Sends the review (PUT /intro-video/{id}); resolving closes the dialog, rejecting keeps it
   * open. The caller says what happened (its toasts), as MeetingDecisionDialog's callers do.
   */
  onReview: (body: ReviewIntroVideoBody) => Promise<unknown>;
}

/** Runs `send` with the dialog's pending state; the dialog closes only when it succeeded. */
function useSending(close: () => void) {
  const [sending, setSending] = useState(false);
  const run = (send: () => Promise<unknown>) => {
    setSending(true);
    send()
      .then(close, () => undefined)
      .finally(() => setSending(false));
  };
  return { sending, run };
}

function ApproveButton({ tutorName, onReview }: IntroVideoReviewActionsProps) {
  const [open, setOpen] = useState(false);
  const { sending, run } = useSending(() => setOpen(false));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!sending) setOpen(next);
      }}
      trigger={<Button>قبول الفيديو</Button>}
      title="قبول الفيديو التعريفي"
      description={`سيُعتمد فيديو ${tutorName} وينتقل إلى الخطوة التالية من الانضمام. هل تريد المتابعة؟`}
      confirmLabel="نعم، اقبل الفيديو"
      variant="primary"
      loading={sending}
      onConfirm={() => run(() => onReview({ status: ReviewStatus.Approved }))}
    />
  );
}

/**
 * Reject: the reason (the domain's schema, 5 to 500 characters), then a confirmation in the same
 * dialog showing it, then the review with Rejected and the reason.
 */
function RejectButton({ tutorName, onReview }: IntroVideoReviewActionsProps) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ErrorCode | undefined>();
  const { sending, run } = useSending(() => setOpen(false));

  useEffect(() => {
    if (open) return;
    setStep('write');
    setReason('');
    setError(undefined);
  }, [open]);

  const body = { status: ReviewStatus.Rejected, reason } as const;
  const check = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewIntroVideoBodySchema.safeParse(body);
    if (!parsed.success) {
      setError((parsed.error.issues[0]?.message ?? 'review-reason-too-short') as ErrorCode);
      return;
    }
    setStep('confirm');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!sending) setOpen(next);
      }}
      trigger={<Button variant="danger">رفض الفيديو</Button>}
      title="رفض الفيديو التعريفي"
      description={`يصل السبب إلى ${tutorName}، ولا يستطيع رفع فيديو جديد قبل ${formatNumber(REAPPLY_AFTER_REJECTION_MONTHS)} أشهر.`}
    >
      {step === 'write' ? (
        <form noValidate className="flex flex-col gap-4" onSubmit={check}>
          <Textarea
            label="سبب الرفض"
            hint={`من ${formatNumber(REVIEW_REASON_BOUNDS.min)} إلى ${formatNumber(REVIEW_REASON_BOUNDS.max)} حرف، يقرؤه المعلم كما تكتبه`}
            value={reason}
            rows={4}
            maxLength={REVIEW_REASON_BOUNDS.max + 50}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              إلغاء
            </Button>
            <Button type="submit" variant="danger">
              متابعة
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed">هل تريد رفض الفيديو بهذا السبب؟</p>
          <blockquote dir="auto" className="rounded-lg bg-slate-50 p-3 text-sm">
            {reason.trim()}
          </blockquote>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={sending} onClick={() => setStep('write')}>
              تعديل السبب
            </Button>
            <Button variant="danger" loading={sending} onClick={() => run(() => onReview(body))}>
              نعم، ارفض الفيديو
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/**
 * Approve or reject a tutor's intro video (record 312): the tutor managers' queue in the main
 * app and the admin's tutor page share it.
 */
export function IntroVideoReviewActions(props: IntroVideoReviewActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <ApproveButton {...props} />
      <RejectButton {...props} />
    </div>
  );
}
