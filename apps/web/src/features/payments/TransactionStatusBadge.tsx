import { Badge, TRANSACTION_STATUS_NAMES_AR } from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import { TransactionStatus } from '@talaqa/domain';

const TONES: Record<TransactionStatus, BadgeTone> = {
  [TransactionStatus.New]: 'warning',
  [TransactionStatus.Paid]: 'success',
  [TransactionStatus.Processed]: 'success',
  [TransactionStatus.PartialRefunded]: 'brand',
  [TransactionStatus.Refunded]: 'neutral',
  [TransactionStatus.Canceled]: 'neutral',
  [TransactionStatus.Expired]: 'neutral',
  [TransactionStatus.Failed]: 'danger',
};

/** A transaction's status in Arabic; the colour only repeats what the words say. */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'}>{TRANSACTION_STATUS_NAMES_AR[status] ?? '—'}</Badge>
  );
}
