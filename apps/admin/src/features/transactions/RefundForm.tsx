import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  LOCALE,
  MONEY_SCALER,
  REFUND_REASON_MAX_LENGTH,
  charCount,
  egpToPiasters,
  formatMoney,
  toAsciiDigits,
} from '@talaqa/domain';
import type { Piasters, TransactionView } from '@talaqa/domain';
import { Alert, Button, Input, RadioGroup, Textarea, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { isApiError } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { refundableAmount } from './labels';
import { useRefund } from './queries';

const num = (value: number, fractionDigits = 0): string =>
  new Intl.NumberFormat(LOCALE, { minimumFractionDigits: fractionDigits }).format(value);

interface RefundFormValues {
  mode: 'full' | 'partial';
  /** Pounds, as typed. */
  amount: string;
  reason: string;
}

/** What is sent: no amount gives back everything that remains. */
interface RefundRequest {
  amount?: Piasters;
  reason: string;
}

export const REFUND_MESSAGES = {
  amountRequired: 'من فضلك أدخل المبلغ المراد استرداده',
  amountInvalid: `المبلغ غير صالح، من فضلك أدخل رقمًا بالجنيه مثل ${num(150)} أو ${num(150.5, 2)}`,
  amountNotPositive: 'المبلغ المسترد يجب أن يكون أكبر من صفر',
  amountFraction: 'المبلغ لا يقبل أكثر من رقمين بعد العلامة العشرية (قروش)',
  amountAboveRemaining: (remaining: Piasters) =>
    `المبلغ أكبر من المتبقي القابل للاسترداد (${formatMoney(remaining)})`,
  reasonRequired: 'من فضلك اكتب سبب الاسترداد',
  reasonTooLong: `سبب الاسترداد طويل جدًا، الحد الأقصى ${num(REFUND_REASON_MAX_LENGTH)} حرف`,
} as const;

/**
 * The amount in piasters for a typed number of pounds, or the sentence that says what is wrong:
 * it must be a number above zero, in whole piasters, and no more than what remains.
 */
export function refundAmountOf(
  text: string,
  remaining: Piasters,
): { amount: Piasters } | { error: string } {
  const typed = toAsciiDigits(text.trim()).replace('٫', '.').replace(/[,٬]/g, '');
  if (typed === '') return { error: REFUND_MESSAGES.amountRequired };
  if (!/^\d+(\.\d+)?$/.test(typed)) {
    return { error: REFUND_MESSAGES.amountInvalid };
  }
  const egp = Number(typed);
  if (!Number.isFinite(egp) || egp > Number.MAX_SAFE_INTEGER / (MONEY_SCALER * 10)) {
    return { error: REFUND_MESSAGES.amountAboveRemaining(remaining) };
  }
  const amount = egpToPiasters(egp);
  if (Math.abs(egp * MONEY_SCALER - amount) > 1e-6)
    return { error: REFUND_MESSAGES.amountFraction };
  if (amount <= 0) return { error: REFUND_MESSAGES.amountNotPositive };
  if (amount > remaining) return { error: REFUND_MESSAGES.amountAboveRemaining(remaining) };
  return { amount };
}

const resolverFor =
  (remaining: Piasters): Resolver<RefundFormValues, unknown, RefundRequest> =>
  (values) => {
    const errors: FieldErrors<RefundFormValues> = {};
    let amount: Piasters | undefined;
    if (values.mode === 'partial') {
      const result = refundAmountOf(values.amount, remaining);
      if ('error' in result) errors.amount = { type: 'validate', message: result.error };
      else amount = result.amount;
    }
    const reason = values.reason.trim();
    if (reason === '')
      errors.reason = { type: 'validate', message: REFUND_MESSAGES.reasonRequired };
    else if (charCount(reason) > REFUND_REASON_MAX_LENGTH) {
      errors.reason = { type: 'validate', message: REFUND_MESSAGES.reasonTooLong };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const request: RefundRequest = amount === undefined ? { reason } : { amount, reason };
    return { values: request, errors: {} };
  };

/**
 * Gives money back through the provider (POST /fawry/refund): all that remains, or a part of it
 * in pounds, with a reason. A second step states the amount and asks for confirmation.
 */
export function RefundForm({
  transaction,
  onRefunded,
  onStale,
}: {
  transaction: TransactionView;
  onRefunded: (transaction: TransactionView) => void;
  /** The server refused because the transaction changed: load it again. */
  onStale: () => void;
}) {
  const toast = useToast();
  const refund = useRefund();
  const remaining = refundableAmount(transaction);
  const [pending, setPending] = useState<RefundRequest | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RefundFormValues, unknown, RefundRequest>({
    resolver: resolverFor(remaining),
    defaultValues: { mode: 'full', amount: '', reason: '' },
  });
  const mode = useWatch({ control, name: 'mode' });

  const confirm = async () => {
    if (!pending) return;
    setFormError(null);
    try {
      const saved = await refund.mutateAsync({
        transactionId: transaction.id,
        ...pending,
        expectedRefundedAmount: transaction.refundedAmount,
      });
      toast.success(`تم استرداد ${formatMoney(pending.amount ?? remaining)}`);
      setPending(null);
      onRefunded(saved);
    } catch (error) {
      setPending(null);
      if (isApiError(error) && error.code === 'refund-in-doubt') {
        // Sent without a readable answer (or another refund is open): the money may have moved.
        // Load it again: the dialog then shows the refund in doubt instead of this form.
        const text = actionErrorText(error, 'تعذّر الاسترداد، من فضلك حاول مرة أخرى');
        setFormError(text);
        toast.error(text);
        onStale();
        return;
      }
      if (isApiError(error) && error.code === 'illegal') {
        // Refunded meanwhile (another admin, another tab) or no longer refundable: show it as
        // it is now, so the admin decides again on the real numbers.
        const text =
          'تغيّرت حالة العملية أو المبلغ المسترد منها في أثناء ذلك، راجع التفاصيل المحدّثة';
        setFormError(text);
        toast.error(text);
        onStale();
        return;
      }
      const text = actionErrorText(error, 'تعذّر الاسترداد، من فضلك حاول مرة أخرى');
      setFormError(text);
      toast.error(text);
    }
  };

  if (pending) {
    const amount = pending.amount ?? remaining;
    return (
      <div className="flex flex-col gap-3" role="group" aria-label="تأكيد الاسترداد">
        <Alert tone="warning" title="تأكيد الاسترداد">
          سيُرد {formatMoney(amount)} إلى {transaction.userName} عبر بوابة الدفع
          {amount < remaining ? '، ويبقى الباقي قابلًا للاسترداد لاحقًا' : ''}. لا يمكن التراجع عن
          الاسترداد بعد تنفيذه.
        </Alert>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={refund.isPending} onClick={() => setPending(null)}>
            رجوع
          </Button>
          <Button variant="danger" loading={refund.isPending} onClick={() => void confirm()}>
            تأكيد استرداد {formatMoney(amount)}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="استرداد المبلغ"
      onSubmit={handleSubmit((request) => {
        setFormError(null);
        setPending(request);
      })}
      className="flex flex-col gap-3"
    >
      <RadioGroup
        legend="المبلغ المسترد"
        inputProps={register('mode')}
        options={[
          { value: 'full', label: `كل المتبقي (${formatMoney(remaining)})` },
          { value: 'partial', label: 'جزء من المبلغ' },
        ]}
      />
      {mode === 'partial' && (
        <Input
          label="المبلغ بالجنيه"
          hint={`حتى ${formatMoney(remaining)}`}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
      )}
      <Textarea
        label="سبب الاسترداد"
        maxLength={REFUND_REASON_MAX_LENGTH + 50}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <FormError text={formError} />
      <div className="flex justify-end">
        <Button type="submit" variant="danger">
          متابعة الاسترداد
        </Button>
      </div>
    </form>
  );
}
