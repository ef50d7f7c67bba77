import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from '@talaqa/ui';

/**
 * The parts the lesson and meeting booking dialogs share: the placeholder while free times load,
 * and the confirmation step (what will be booked, the policy, confirm or go back).
 */
export function FreeTimesLoading({ rows = 2 }: { rows?: number }) {
  return (
    <div role="status" aria-label="جارٍ تحميل المواعيد المتاحة" className="flex flex-col gap-3">
      <Skeleton className="h-6 w-1/2" />
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-11 w-full" />
      ))}
    </div>
  );
}

export interface BookingConfirmationProps {
  /** The `<dt>`/`<dd>` pairs of what will be booked. */
  details: ReactNode;
  /** The cancellation policy in one sentence. */
  policy: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function BookingConfirmation({
  details,
  policy,
  pending,
  onConfirm,
  onBack,
}: BookingConfirmationProps) {
  return (
    <section aria-label="تأكيد الحجز" className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">{details}</dl>
      <Alert tone="info">{policy}</Alert>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onConfirm} loading={pending}>
          تأكيد الحجز
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          رجوع
        </Button>
      </div>
    </section>
  );
}
