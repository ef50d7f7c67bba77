import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from '@talaqa/api-client';
import {
  BANKS,
  DEFAULT_WITHDRAW_LIMITS,
  MONEY_SCALER,
  WITHDRAWAL_PROCESSING_DAYS,
  WithdrawMethod,
  formatMoney,
  withdrawalRequestSchema,
} from '@talaqa/domain';
import type { ErrorCode, WithdrawalRequestInput } from '@talaqa/domain';
import {
  Alert,
  BANK_NAMES_AR,
  Button,
  Dialog,
  Input,
  Select,
  UI_MESSAGES,
  WITHDRAW_METHOD_NAMES_AR,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { usePublicSettings } from '../../lib/platform-settings';
import { useCreateWithdrawal } from './earnings-queries';

type FieldName =
  'amount' | 'method' | 'instapayAddress' | 'bank' | 'accountNumber' | 'username' | 'phone';
type Errors = Partial<Record<FieldName, ErrorCode>>;

const METHODS = [WithdrawMethod.Instapay, WithdrawMethod.Bank, WithdrawMethod.Wallet] as const;

/** "150" or "١٥٠٫٥" EGP as typed, in piasters (NaN when it is not a number). */
function piastersOf(egp: string): number {
  const ascii = egp
    .trim()
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace('٫', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(ascii)) return Number.NaN;
  return Math.round(Number(ascii) * MONEY_SCALER);
}

/**
 * The tutor's new withdrawal request: the method and its receiver fields, the amount in EGP with
 * its bounds (the platform settings' of the moment, 100 to 50,000 EGP by default, and the
 * available balance) and the 4-5 business days it takes. The rules are the server's own schema
 * (`withdrawalRequestSchema`) with the server's bounds; its field codes land under the same inputs.
 */
export function WithdrawalDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: number;
}) {
  const toast = useToast();
  const create = useCreateWithdrawal();
  const settings = usePublicSettings();
  // Until the server answers, the defaults; the server checks the bounds of the moment anyway.
  const limits = settings.data
    ? { min: settings.data.withdrawalMin, max: settings.data.withdrawalMax }
    : DEFAULT_WITHDRAW_LIMITS;
  const [method, setMethod] = useState<WithdrawMethod>(WithdrawMethod.Instapay);
  const [values, setValues] = useState<Record<FieldName, string>>({
    amount: '',
    method: '',
    instapayAddress: '',
    bank: '',
    accountNumber: '',
    username: '',
    phone: '',
  });
  const [errors, setErrors] = useState<Errors>({});

  const set = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const body = (): WithdrawalRequestInput => {
    const amount = piastersOf(values.amount);
    if (method === WithdrawMethod.Instapay) {
      return { method, amount, instapayAddress: values.instapayAddress };
    }
    if (method === WithdrawMethod.Bank) {
      return {
        method,
        amount,
        bank: values.bank,
        accountNumber: values.accountNumber,
        username: values.username,
      };
    }
    return { method, amount, phone: values.phone };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = body();
    const parsed = withdrawalRequestSchema(limits).safeParse(request);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'amount') as FieldName;
        found[name] ??= issue.message as ErrorCode;
      }
    } else if (parsed.data.amount > available) {
      found.amount = 'invoice-amount-above-balance';
    }
    if (Number.isNaN(request.amount)) found.amount = 'invalid-withdrawal-amount';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(request, {
      onSuccess: () => {
        toast.success('وصل طلب السحب، وسنراجعه خلال أيام العمل القادمة');
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields?.length) {
          const fromServer: Errors = {};
          for (const field of error.fields) fromServer[field.path as FieldName] ??= field.code;
          setErrors(fromServer);
        }
      },
    });
  };

  const days = `${formatNumber(WITHDRAWAL_PROCESSING_DAYS.min)} إلى ${formatNumber(WITHDRAWAL_PROCESSING_DAYS.max)} أيام عمل`;
  return (
    <Dialog
      title="طلب سحب جديد"
      description={`يُحوَّل المبلغ خلال ${days} من تاريخ الطلب.`}
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <Select
          label="طريقة السحب"
          value={String(method)}
          onChange={(event) => setMethod(Number(event.target.value) as WithdrawMethod)}
          disabled={create.isPending}
        >
          {METHODS.map((value) => (
            <option key={value} value={value}>
              {WITHDRAW_METHOD_NAMES_AR[value]}
            </option>
          ))}
        </Select>
        <Input
          label="المبلغ بالجنيه"
          inputMode="decimal"
          dir="ltr"
          hint={`من ${formatMoney(limits.min)} إلى ${formatMoney(limits.max)}، وبحد أقصى رصيدك المتاح ${formatMoney(available)}`}
          value={values.amount}
          error={errors.amount}
          disabled={create.isPending}
          onChange={(event) => set('amount')(event.target.value)}
        />
        {method === WithdrawMethod.Instapay && (
          <Input
            label="عنوان إنستاباي"
            dir="ltr"
            placeholder="name@instapay"
            autoComplete="off"
            value={values.instapayAddress}
            error={errors.instapayAddress}
            disabled={create.isPending}
            onChange={(event) => set('instapayAddress')(event.target.value)}
          />
        )}
        {method === WithdrawMethod.Bank && (
          <>
            <Select
              label="البنك"
              placeholder="اختر البنك"
              value={values.bank}
              error={errors.bank}
              disabled={create.isPending}
              onChange={(event) => set('bank')(event.target.value)}
            >
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {BANK_NAMES_AR[bank]}
                </option>
              ))}
            </Select>
            <Input
              label="رقم الحساب أو IBAN"
              dir="ltr"
              inputMode="text"
              autoComplete="off"
              value={values.accountNumber}
              error={errors.accountNumber}
              disabled={create.isPending}
              onChange={(event) => set('accountNumber')(event.target.value)}
            />
            <Input
              label="اسم صاحب الحساب كما في البنك"
              value={values.username}
              error={errors.username}
              disabled={create.isPending}
              onChange={(event) => set('username')(event.target.value)}
            />
          </>
        )}
        {method === WithdrawMethod.Wallet && (
          <Input
            label="رقم المحفظة"
            dir="ltr"
            inputMode="tel"
            placeholder="01xxxxxxxxx"
            value={values.phone}
            error={errors.phone}
            disabled={create.isPending}
            onChange={(event) => set('phone')(event.target.value)}
          />
        )}
        {create.isError && (
          <Alert tone="error" role="alert" title={UI_MESSAGES.withdrawalCreateFailed}>
            {failureMessage(create.error, UI_MESSAGES.withdrawalCreateFailed)}
          </Alert>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={create.isPending}>
            إرسال الطلب
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={create.isPending}
            onClick={() => onOpenChange(false)}
          >
            إلغاء
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
