import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PaymentProvider, TransactionStatus, formatMoney } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { Alert, Button, Dialog, PAYMENT_METHOD_NAMES_AR, useToast, formatNumber } from '@talaqa/ui';
import { actionErrorText } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { userPath } from '../../paths';
import {
  PROVIDER_NAMES_AR,
  TransactionStatusBadge,
  canRefund,
  OPEN_REFUND_NAMES_AR,
  OpenRefundBadge,
  purchaseText,
  refundableAmount,
} from './labels';
import { fetchTransaction, useSyncTransaction } from './queries';
import { RefundForm } from './RefundForm';
import { SettleRefundForm } from './SettleRefundForm';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

const Latin = ({ value }: { value: string }) => (
  <bdi dir="ltr" className="font-mono">
    {value}
  </bdi>
);

function TransactionDetails({ transaction }: { transaction: TransactionView }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Detail label="الحالة">
        <TransactionStatusBadge status={transaction.status} />
      </Detail>
      <Detail label="الطالب">
        <Link
          to={userPath(transaction.userId)}
          className="font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {transaction.userName}
        </Link>
      </Detail>
      <Detail label="الشراء">{purchaseText(transaction)}</Detail>
      <Detail label="المبلغ">
        <span className="font-bold">{formatMoney(transaction.amount)}</span>
      </Detail>
      {transaction.refundedAmount - (transaction.openRefund?.amount ?? 0) > 0 && (
        <Detail label="المسترد">
          {formatMoney(transaction.refundedAmount - (transaction.openRefund?.amount ?? 0))}
        </Detail>
      )}
      {transaction.openRefund && (
        <Detail label="استرداد لم يتأكد">
          <span className="flex flex-wrap items-center gap-2">
            <OpenRefundBadge transaction={transaction} />
            {formatMoney(transaction.openRefund.amount)}
          </span>
        </Detail>
      )}
      <Detail label="طريقة الدفع">
        {PAYMENT_METHOD_NAMES_AR[transaction.method]}
        {transaction.installments !== null &&
          ` على ${formatNumber(transaction.installments)} دفعات`}
      </Detail>
      <Detail label="بوابة الدفع">{PROVIDER_NAMES_AR[transaction.provider]}</Detail>
      <Detail label="مرجع الطلب لدى بوابة الدفع">
        <Latin value={transaction.orderReference} />
        <span className="block text-xs text-muted">
          ابحث به في لوحة {PROVIDER_NAMES_AR[transaction.provider]}
        </span>
      </Detail>
      {transaction.providerReference && (
        <Detail label="مرجع بوابة الدفع">
          <Latin value={transaction.providerReference} />
        </Detail>
      )}
      {transaction.referenceNumber && (
        <Detail label="الرقم المرجعي">
          <Latin value={transaction.referenceNumber} />
        </Detail>
      )}
      {transaction.couponCode && (
        <Detail label="كود الخصم">
          <Latin value={transaction.couponCode} />
        </Detail>
      )}
      <Detail label="تاريخ الإنشاء">{formatDateTime(transaction.createdAt)}</Detail>
      <Detail label="آخر تحديث">{formatDateTime(transaction.updatedAt)}</Detail>
      {transaction.expiresAt && (
        <Detail label="تنتهي صلاحية الدفع في">{formatDateTime(transaction.expiresAt)}</Detail>
      )}
    </dl>
  );
}

function TransactionBody({ initial }: { initial: TransactionView }) {
  const toast = useToast();
  const sync = useSyncTransaction();
  const [transaction, setTransaction] = useState(initial);
  const refundable = canRefund(transaction);

  const reload = async () => {
    try {
      setTransaction(await fetchTransaction(transaction.id));
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر تحميل العملية، من فضلك أغلق النافذة وافتحها مجددًا'));
    }
  };

  const syncNow = async () => {
    try {
      const saved = await sync.mutateAsync(transaction.id);
      setTransaction(saved);
      toast.success(
        saved.status === transaction.status
          ? 'تمت المزامنة مع بوابة الدفع، ولم تتغير الحالة'
          : 'تمت المزامنة مع بوابة الدفع وتحدّثت الحالة',
      );
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّرت المزامنة مع بوابة الدفع، من فضلك حاول مرة أخرى'));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <TransactionDetails transaction={transaction} />
      {transaction.status === TransactionStatus.New && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-sm text-muted">
            {transaction.provider === PaymentProvider.Fawry
              ? 'لم تُدفع بعد: اسأل بوابة الدفع عن حالتها الآن.'
              : 'لم تُدفع بعد: تصل حالتها من باي موب بإشعاراتها، ويمكنك تحديث العرض.'}
          </p>
          <Button variant="secondary" loading={sync.isPending} onClick={() => void syncNow()}>
            مزامنة الحالة
          </Button>
        </div>
      )}
      <section aria-labelledby="refund-heading" className="border-t border-slate-100 pt-4">
        <h3 id="refund-heading" className="mb-3 text-base font-bold text-ink">
          الاسترداد
        </h3>
        {transaction.openRefund ? (
          <div className="flex flex-col gap-3">
            <Alert tone="warning" title={OPEN_REFUND_NAMES_AR[transaction.openRefund.state]}>
              {transaction.openRefund.state === 'in-doubt'
                ? `أُرسل استرداد ${formatMoney(transaction.openRefund.amount)} إلى بوابة الدفع ولم يصل ردها، فقد يكون المبلغ قد رُدّ بالفعل. نسأل بوابة الدفع عنه تلقائيًا، ولا يمكن إرسال استرداد آخر لهذه العملية قبل أن تتأكد نتيجته.`
                : `يجري الآن استرداد ${formatMoney(transaction.openRefund.amount)} عبر بوابة الدفع، ولا يمكن إرسال استرداد آخر قبل أن ينتهي.`}
            </Alert>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={() => void reload()}>
                تحديث الحالة
              </Button>
            </div>
            {transaction.openRefund.state === 'in-doubt' && (
              <SettleRefundForm
                key={transaction.openRefund.requestedAt}
                transaction={transaction}
                onSettled={setTransaction}
                onStale={() => void reload()}
              />
            )}
          </div>
        ) : refundable ? (
          <RefundForm
            key={`${transaction.id}-${transaction.refundedAmount}`}
            transaction={transaction}
            onRefunded={setTransaction}
            onStale={() => void reload()}
          />
        ) : (
          <p className="text-sm text-muted">
            {refundableAmount(transaction) === 0 && transaction.refundedAmount > 0
              ? 'استُرد المبلغ كاملًا.'
              : 'لا يمكن الاسترداد إلا من عملية مدفوعة.'}
          </p>
        )}
      </section>
    </div>
  );
}

/** One payment's details, a status sync with the provider, and refunds. */
export function TransactionDialog({
  transaction,
  onClose,
}: {
  transaction: TransactionView | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={transaction ? `عملية الدفع رقم ${formatNumber(transaction.id)}` : 'عملية الدفع'}
      open={transaction !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="sm:max-w-2xl"
    >
      {transaction && <TransactionBody key={transaction.id} initial={transaction} />}
    </Dialog>
  );
}
