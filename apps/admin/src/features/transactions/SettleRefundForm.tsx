import { useState } from 'react';
import { REFUND_SETTLE_NOTE_MAX_LENGTH, charCount, formatMoney } from '@talaqa/domain';
import type { RefundSettleOutcome, TransactionView } from '@talaqa/domain';
import { Button, ConfirmDialog, Textarea, useToast, formatNumber } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { isApiError } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { useSettleRefund } from './queries';

export const SETTLE_MESSAGES = {
  noteRequired: 'من فضلك اكتب ما رأيته في لوحة بوابة الدفع',
  noteTooLong: `الملاحظة طويلة جدًا، الحد الأقصى ${formatNumber(REFUND_SETTLE_NOTE_MAX_LENGTH)} حرف`,
} as const;

const OUTCOME_TEXT: Record<
  RefundSettleOutcome,
  { action: string; title: string; body: (amount: string) => string; done: string }
> = {
  done: {
    action: 'تم الاسترداد',
    title: 'تأكيد أن الاسترداد تم',
    body: (amount) =>
      `سيُسجَّل أن ${amount} رُدّ إلى الطالب بالفعل، وتتحدّث حالة العملية والاشتراك كما لو أكدته بوابة الدفع. لا يمكن التراجع عن ذلك.`,
    done: 'سُجّل أن الاسترداد تم',
  },
  refused: {
    action: 'لم يتم الاسترداد',
    title: 'تأكيد أن الاسترداد لم يتم',
    body: (amount) =>
      `سيُسجَّل أن ${amount} لم يُرد، ويعود المبلغ قابلًا للاسترداد من جديد. لا يمكن التراجع عن ذلك.`,
    done: 'سُجّل أن الاسترداد لم يتم، ويمكنك طلب استرداد جديد',
  },
};

/**
 * Settles the transaction's refund in doubt by hand (POST /tx/{id}/refund/settle), after the
 * admin checked the provider's dashboard by the order reference: refunded, or not, with a
 * required note, and a confirmation first.
 */
export function SettleRefundForm({
  transaction,
  onSettled,
  onStale,
}: {
  transaction: TransactionView;
  onSettled: (transaction: TransactionView) => void;
  /** The server says it is no longer in doubt: load it again. */
  onStale: () => void;
}) {
  const toast = useToast();
  const settle = useSettleRefund();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<RefundSettleOutcome | null>(null);
  const amount = formatMoney(transaction.openRefund?.amount ?? 0);

  const ask = (outcome: RefundSettleOutcome) => {
    const trimmed = note.trim();
    if (trimmed === '') return setNoteError(SETTLE_MESSAGES.noteRequired);
    if (charCount(trimmed) > REFUND_SETTLE_NOTE_MAX_LENGTH) {
      return setNoteError(SETTLE_MESSAGES.noteTooLong);
    }
    setNoteError(undefined);
    setFormError(null);
    setPending(outcome);
  };

  const confirm = async () => {
    if (!pending) return;
    const outcome = pending;
    try {
      const saved = await settle.mutateAsync({
        transactionId: transaction.id,
        outcome,
        note: note.trim(),
      });
      setPending(null);
      toast.success(OUTCOME_TEXT[outcome].done);
      onSettled(saved);
    } catch (error) {
      setPending(null);
      const text = actionErrorText(error, 'تعذّر تسجيل نتيجة الاسترداد، من فضلك حاول مرة أخرى');
      setFormError(text);
      toast.error(text);
      if (isApiError(error) && error.code === 'refund-not-in-doubt') onStale();
    }
  };

  return (
    <form
      noValidate
      aria-label="تسوية الاسترداد يدويًا"
      className="flex flex-col gap-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="text-sm text-muted">
        إن لم تتأكد النتيجة تلقائيًا، ابحث عن العملية في لوحة بوابة الدفع بالرقم المرجعي للطلب، ثم
        سجّل ما وجدته.
      </p>
      <Textarea
        label="ما رأيته في لوحة بوابة الدفع"
        value={note}
        maxLength={REFUND_SETTLE_NOTE_MAX_LENGTH + 50}
        error={noteError}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={() => ask('refused')}>
          {OUTCOME_TEXT.refused.action}
        </Button>
        <Button type="button" variant="danger" onClick={() => ask('done')}>
          {OUTCOME_TEXT.done.action}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? OUTCOME_TEXT[pending].title : ''}
        description={pending ? OUTCOME_TEXT[pending].body(amount) : undefined}
        confirmLabel={pending ? OUTCOME_TEXT[pending].action : undefined}
        variant={pending === 'done' ? 'danger' : 'primary'}
        loading={settle.isPending}
        onConfirm={() => void confirm()}
      />
    </form>
  );
}
