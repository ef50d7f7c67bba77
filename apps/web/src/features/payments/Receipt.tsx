import {
  BRAND_NAME,
  Button,
  PAYMENT_METHOD_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  formatId,
} from '@talaqa/ui';
import { formatCairoDateTime, formatMoney } from '@talaqa/domain';
import type { TransactionView, User } from '@talaqa/domain';
import { installmentCountText, planTitle, weeklyMinutesText } from '../../lib/format';
import { TransactionStatusBadge } from './TransactionStatusBadge';

export interface ReceiptProps {
  transaction: TransactionView;
  customer: Pick<User, 'name' | 'email'>;
  onPrint: () => void;
  /** Hidden on paper while another receipt is printed alone. */
  skipWhenPrinting: boolean;
}

function Line({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-4 border-t border-slate-300 pt-2 font-bold text-ink'
          : 'flex justify-between gap-4 text-ink'
      }
    >
      <dt>{label}</dt>
      <dd className="text-end">{value}</dd>
    </div>
  );
}

/**
 * A printable receipt of one paid transaction: its number (the transaction id), the customer,
 * the plan and period, the amount paid, the coupon, the installments and any refund.
 */
export function Receipt({ transaction, customer, onPrint, skipWhenPrinting }: ReceiptProps) {
  const titleId = `receipt-title-${transaction.id}`;
  const net = transaction.amount - transaction.refundedAmount;
  return (
    <section
      id={`receipt-${transaction.id}`}
      data-receipt=""
      {...(skipWhenPrinting ? { 'data-print-skip': '' } : {})}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-lg font-bold text-brand-700">{BRAND_NAME}</p>
          <h3 id={titleId} className="text-xl font-bold text-ink">
            إيصال دفع رقم {formatId(transaction.id)}
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={transaction.createdAt}>
              {formatCairoDateTime(new Date(transaction.createdAt))}
            </time>
          </p>
        </div>
        <TransactionStatusBadge status={transaction.status} />
      </div>

      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">رقم الفاتورة</dt>
          <dd className="font-semibold text-ink">{formatId(transaction.id)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">العميل</dt>
          <dd className="font-semibold text-ink">
            {customer.name}{' '}
            <bdi dir="ltr" className="text-sm font-normal text-muted">
              {customer.email}
            </bdi>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">طريقة الدفع</dt>
          <dd className="font-semibold text-ink">
            {PAYMENT_METHOD_NAMES_AR[transaction.method] ?? '—'}
            {transaction.installments !== null &&
              ` (${installmentCountText(transaction.installments)})`}
          </dd>
        </div>
        {transaction.providerReference && (
          <div>
            <dt className="text-sm text-muted">مرجع بوابة الدفع</dt>
            <dd className="font-semibold text-ink">
              <bdi dir="ltr">{transaction.providerReference}</bdi>
            </dd>
          </div>
        )}
      </dl>

      <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4">
        <Line
          label={
            transaction.plan
              ? `${planTitle(transaction.plan)} (${weeklyMinutesText(transaction.plan.weeklyMinutes)})`
              : 'اشتراك'
          }
          value={transaction.period !== null ? PLAN_PERIOD_NAMES_AR[transaction.period] : '—'}
        />
        {transaction.couponCode && <Line label="كود الخصم" value={transaction.couponCode} />}
        <Line label="المبلغ المدفوع" value={formatMoney(transaction.amount)} strong />
        {transaction.refundedAmount > 0 && (
          <>
            <Line label="المبلغ المسترد" value={formatMoney(-transaction.refundedAmount)} />
            <Line label="الصافي" value={formatMoney(Math.max(0, net))} strong />
          </>
        )}
      </dl>

      <div data-print-hide="">
        <Button
          variant="secondary"
          size="sm"
          onClick={onPrint}
          aria-label={`طباعة الإيصال رقم ${formatId(transaction.id)}`}
        >
          طباعة الإيصال
        </Button>
      </div>
    </section>
  );
}
