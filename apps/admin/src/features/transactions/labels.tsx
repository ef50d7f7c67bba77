import { PaymentProvider, TransactionStatus, canTransitionTransaction } from '@talaqa/domain';
import type { Piasters, TransactionView } from '@talaqa/domain';
import { Badge, PLAN_PERIOD_NAMES_AR, TRANSACTION_STATUS_NAMES_AR } from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import { planTitle } from '../../lib/format';

const STATUS_TONES: Record<TransactionStatus, BadgeTone> = {
  [TransactionStatus.New]: 'warning',
  [TransactionStatus.Paid]: 'success',
  [TransactionStatus.Processed]: 'success',
  [TransactionStatus.PartialRefunded]: 'brand',
  [TransactionStatus.Refunded]: 'brand',
  [TransactionStatus.Failed]: 'danger',
  [TransactionStatus.Canceled]: 'neutral',
  [TransactionStatus.Expired]: 'neutral',
};

/** The status in words, coloured by kind (the words carry the meaning, not the colour). */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{TRANSACTION_STATUS_NAMES_AR[status]}</Badge>;
}

export const PROVIDER_NAMES_AR: Record<PaymentProvider, string> = {
  [PaymentProvider.Fawry]: 'فوري',
  [PaymentProvider.Paymob]: 'باي موب',
};

/** "الباقة المتقدمة، ثلاثة أشهر", or a dash for a payment that bought no plan. */
export function purchaseText(transaction: Pick<TransactionView, 'plan' | 'period'>): string {
  const plan = transaction.plan ? planTitle(transaction.plan) : null;
  const period = transaction.period === null ? null : PLAN_PERIOD_NAMES_AR[transaction.period];
  return [plan, period].filter(Boolean).join('، ') || '—';
}

/** What may still be given back: the amount less what was refunded already. */
export const refundableAmount = (transaction: TransactionView): Piasters =>
  Math.max(0, transaction.amount - transaction.refundedAmount);

/**
 * Money was taken and some of it can still be given back, and no refund is waiting for the
 * provider (one in doubt may have moved money: no second one until it is settled).
 */
export const canRefund = (transaction: TransactionView): boolean =>
  transaction.openRefund === null &&
  canTransitionTransaction(transaction.status, TransactionStatus.Refunded) &&
  refundableAmount(transaction) > 0;

/** The open refund's state in words (the server's `openRefund.state`). */
export const OPEN_REFUND_NAMES_AR: Record<
  NonNullable<TransactionView['openRefund']>['state'],
  string
> = {
  requested: 'استرداد قيد التنفيذ',
  'in-doubt': 'استرداد قيد التأكد',
};

/** A short badge beside the amount when a refund is open. */
export function OpenRefundBadge({ transaction }: { transaction: TransactionView }) {
  if (!transaction.openRefund) return null;
  return <Badge tone="warning">{OPEN_REFUND_NAMES_AR[transaction.openRefund.state]}</Badge>;
}
