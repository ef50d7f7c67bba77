import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, ConfirmDialog, ERROR_MESSAGES, UI_MESSAGES, useToast } from '@talaqa/ui';
import { TransactionStatus } from '@talaqa/domain';
import { transactionsApi } from '../../api';
import { useCancelUnpaidOrder } from '../payments/queries';

/**
 * The server refused a new checkout because another payment of the student is still open
 * (`open-payment-exists`, one open order per student): say so in Arabic and offer to continue
 * that payment (its result screen) or to cancel it and pay here.
 */
export function OpenPaymentNotice({
  onContinue,
  onCanceled,
}: {
  /** Shows the open payment's screen. */
  onContinue: (transactionId: number) => void;
  /** The open payment is gone: paying here can start again. */
  onCanceled: () => void;
}) {
  // The newest transaction of the student is the open one: no other can be created meanwhile.
  const open = useQuery({
    queryKey: ['transactions', 'open'],
    queryFn: ({ signal }) => transactionsApi.last(signal),
    staleTime: 0,
  });
  const cancel = useCancelUnpaidOrder();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const transaction = open.data?.status === TransactionStatus.New ? open.data : null;

  return (
    <Alert
      tone="warning"
      role="alert"
      action={
        <div className="flex flex-wrap gap-2">
          {transaction ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => onContinue(transaction.id)}>
                متابعة الدفع المفتوح
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  cancel.reset();
                  setConfirming(true);
                }}
              >
                إلغاء الدفع المفتوح
              </Button>
            </>
          ) : (
            !open.isPending && (
              <Button variant="secondary" size="sm" onClick={onCanceled}>
                حاول مرة أخرى
              </Button>
            )
          )}
        </div>
      }
    >
      {ERROR_MESSAGES['open-payment-exists']}
      {transaction && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="إلغاء الدفع المفتوح؟"
          description="لن يعود طلب الدفع المفتوح صالحًا للدفع، وإن دُفع رغم ذلك يُردّ المبلغ إليك كاملًا. بعدها يمكنك الدفع من هذه الصفحة."
          confirmLabel="نعم، ألغِ الطلب"
          cancelLabel="تراجع"
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(transaction.id, {
              onSuccess: () => {
                setConfirming(false);
                toast.success('تم إلغاء طلب الدفع المفتوح، ويمكنك الدفع الآن');
                onCanceled();
              },
            })
          }
        >
          {cancel.isError && (
            <Alert tone="error" role="alert">
              {UI_MESSAGES.paymentCancelFailed}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </Alert>
  );
}
